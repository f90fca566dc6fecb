import { Migration } from '@mikro-orm/migrations'

/**
 * Moderation: deleted accounts stay as anonymised rows (`deleted_at`), violations flagged by admins are kept in
 * `moderation_flags`, and admins search users by any part of the username or email (trigram indexes, as the
 * catalogue's search does).
 */
export class Migration20261123Moderation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "deleted_at" timestamptz null;`)
    this.addSql(`create index "users_username_key_trgm" on "users" using gin ("username_key" gin_trgm_ops);`)
    this.addSql(`create index "users_email_trgm" on "users" using gin ("email" gin_trgm_ops);`)

    // user_id is the one the flag concerns: the flagged user, or the seller of the flagged listing
    this.addSql(`create table "moderation_flags" (
      "id" serial primary key,
      "target_type" varchar(10) not null,
      "user_id" int not null references "users" ("id") on update cascade on delete restrict,
      "listing_id" int null references "listings" ("id") on update cascade on delete restrict,
      "admin_id" int not null references "users" ("id") on update cascade on delete restrict,
      "note" text not null,
      "created_at" timestamptz(3) not null default now(),
      constraint "moderation_flags_target_check" check (
        ("target_type" = 'user' and "listing_id" is null) or ("target_type" = 'listing' and "listing_id" is not null)),
      constraint "moderation_flags_note_check" check (char_length("note") between 1 and 500));`)
    this.addSql(`create index "moderation_flags_user_index" on "moderation_flags" ("user_id", "id" desc) where "target_type" = 'user';`)
    this.addSql(`create index "moderation_flags_listing_index" on "moderation_flags" ("listing_id", "id" desc) where "listing_id" is not null;`)
  }
}
