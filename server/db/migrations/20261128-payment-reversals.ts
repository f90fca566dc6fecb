import { Migration } from '@mikro-orm/migrations'

/**
 * A payment the provider returned to the payer after Handover credited it (a refund or cancel in the provider's own
 * dashboard): the order keeps `credited`, since the ledger moved, and `reversed_at` says when a webhook or a reconcile
 * found it out, so the payment monitor lists it for an operator to recover the money.
 */
export class Migration20261128PaymentReversals extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "payment_orders" add column "reversed_at" timestamptz(3) null;`)
  }
}
