import { Migration } from '@mikro-orm/migrations'

// NOTIFICATION_TYPES as of this migration, written out: a migration must not change when the constant does
const NOTIFICATION_TYPES_SQL = `
  'transaction_created', 'transaction_updated', 'transaction_completed', 'escrow_payment_received',
  'escrow_payment_released', 'buyer_confirmed_payment', 'balance_updated', 'balance_update',
  'refund_processed', 'account_deleted', 'listing_removed', 'account_verified', 'listing_approved',
  'user_banned', 'listing_suspended', 'violation_detected', 'user_unbanned', 'listing_restored',
  'new_message', 'message_received', 'account_locked', 'new_sign_in'`

/** Two notices about the account's own security: sign-in locked after failed passwords, and a sign-in from a new browser. */
export class Migration20261202SignInNotices extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "notifications" drop constraint "notifications_type_check",
      add constraint "notifications_type_check" check ("type" in (${NOTIFICATION_TYPES_SQL}));`)
  }
}
