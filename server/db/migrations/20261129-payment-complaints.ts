import { Migration } from '@mikro-orm/migrations'

/**
 * A credited payment the payer complained about at the provider (a Trustap complaint lodged in Trustap's own pages):
 * `complained_at` is when a webhook or a reconcile first saw the complaint, `complaint_closed_at` when it first saw the
 * provider past it again. In between, the payment monitor lists the order for an operator to answer the complaint at
 * the provider.
 */
export class Migration20261129PaymentComplaints extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "payment_orders" add column "complained_at" timestamptz(3) null, add column "complaint_closed_at" timestamptz(3) null;`)
  }
}
