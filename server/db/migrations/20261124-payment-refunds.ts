import { Migration } from '@mikro-orm/migrations'

/**
 * Refunds of payments held for an operator (paid at the provider, never credited: the account was deleted, or the
 * provider collected another amount). The order turns `refunded` with the time; the sandbox provider keeps its own
 * side of the refund, as a real provider would.
 */
export class Migration20261124PaymentRefunds extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "payment_orders" add column "refunded_at" timestamptz(3) null;`)
    this.addSql(`alter table "payment_orders" drop constraint "payment_orders_status_check";`)
    this.addSql(
      `alter table "payment_orders" add constraint "payment_orders_status_check" check ("status" in ('created', 'paid', 'credited', 'failed', 'cancelled', 'expired', 'refunded'));`,
    )
    this.addSql(`alter table "sandbox_payments" add column "refunded_at" timestamptz(3) null;`)
  }
}
