import { Migration } from '@mikro-orm/migrations'

/**
 * The payment monitor's reads: orders newest first, by status, and the stuck ones (`paid`, or `created` for too
 * long) found without reading the credited history.
 */
export class Migration20261123PaymentMonitor extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "payment_orders_created_index" on "payment_orders" ("created_at" desc, "id" desc);`)
    this.addSql(`create index "payment_orders_status_index" on "payment_orders" ("status", "created_at" desc, "id" desc);`)
    this.addSql(`create index "payment_orders_unsettled_index" on "payment_orders" ("created_at") where "status" in ('created', 'paid');`)
  }
}
