import { Migration } from '@mikro-orm/migrations'

/**
 * When the provider was last asked about a credited order in an answer Handover applied: webhooks and reconciles ask
 * side by side, and an answer asked earlier than one applied already is not applied (it would undo a newer one, such
 * as close a complaint another webhook had just found).
 */
export class Migration20261129PaymentProviderChecks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "payment_orders" add column "provider_checked_at" timestamptz(3) null;`)
  }
}
