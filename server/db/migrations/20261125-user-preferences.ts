import { Migration } from '@mikro-orm/migrations'

/**
 * The account settings screen: each user's notification and sound preferences (no row means the defaults, all
 * on), and a change of email waiting for the code sent to the new address (one per user, replaced by a new request).
 */
export class Migration20261125UserPreferences extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "user_preferences" (
      "user_id" int primary key references "users" ("id") on update cascade on delete cascade,
      "message_sound" boolean not null default true,
      "notification_sound" boolean not null default true,
      "desktop_notifications" boolean not null default true,
      "updated_at" timestamptz(3) not null default now());`)

    // the code is kept as sign-up keeps it: an HMAC, an expiry, counted attempts and when it was last sent
    this.addSql(`create table "email_changes" (
      "user_id" int primary key references "users" ("id") on update cascade on delete cascade,
      "new_email" varchar(254) not null,
      "code_hash" varchar(128) not null,
      "code_expires_at" timestamptz not null,
      "attempts" int not null default 0,
      "last_sent_at" timestamptz not null,
      "created_at" timestamptz not null default now());`)
  }
}
