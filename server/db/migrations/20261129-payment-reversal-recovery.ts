import { Migration } from '@mikro-orm/migrations'

/**
 * A credited payment the provider gave back to the payer stays flagged on the payment monitor until an operator has
 * recovered the money and says so: `reversal_resolved_at`, with their note in the audit log.
 */
export class Migration20261129PaymentReversalRecovery extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "payment_orders" add column "reversal_resolved_at" timestamptz(3) null;`)
  }
}
