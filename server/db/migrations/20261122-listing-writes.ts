import { Migration } from '@mikro-orm/migrations'

// NOTIFICATION_TYPES as of this migration, written out: a migration must not change when the constant does
const NOTIFICATION_TYPES_SQL = `
  'transaction_created', 'transaction_updated', 'transaction_completed', 'escrow_payment_received',
  'escrow_payment_released', 'buyer_confirmed_payment', 'balance_updated', 'balance_update',
  'refund_processed', 'account_deleted', 'listing_removed', 'account_verified', 'listing_approved',
  'user_banned', 'listing_suspended', 'violation_detected', 'user_unbanned', 'listing_restored',
  'new_message', 'message_received'`

/** Writing listings: marketplace settings, user notifications, and the review outcome on a listing. */
export class Migration20261122ListingWrites extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "settings" (
      "key" text primary key,
      "value" jsonb not null,
      "updated_at" timestamptz(3) not null default now());`)

    this.addSql(`create table "notifications" (
      "id" serial primary key,
      "user_id" int not null,
      "type" varchar(40) not null,
      "title" varchar(200) not null,
      "message" text not null,
      "is_read" boolean not null default false,
      "data" jsonb not null default '{}',
      "created_at" timestamptz(3) not null default now(),
      constraint "notifications_type_check" check ("type" in (${NOTIFICATION_TYPES_SQL})),
      constraint "notifications_data_check" check (jsonb_typeof("data") = 'object'));`)
    this.addSql(
      `alter table "notifications" add constraint "notifications_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    )
    // the list, newest first, and the unread badge, which is read far more often than anything is marked
    this.addSql(`create index "notifications_user_created_index" on "notifications" ("user_id", "created_at" desc, "id" desc);`)
    this.addSql(`create index "notifications_user_unread_index" on "notifications" ("user_id", "created_at" desc, "id" desc) where not "is_read";`)

    this.addSql(`alter table "listings" add column "rejection_reason" varchar(500) null, add column "reviewed_at" timestamptz(3) null;`)
  }
}
