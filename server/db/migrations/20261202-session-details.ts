import { Migration } from '@mikro-orm/migrations'

/**
 * What "Where you're signed in" shows of each session: a public id to name it by (the row id is a hash of the cookie's
 * key and never leaves the server), when it was signed in, when it was last used, and from which browser and address.
 * Sessions older than this column get the time of their last write as their sign-in time, the closest known to it.
 */
export class Migration20261202SessionDetails extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "sessions"
      add column "public_id" uuid not null default gen_random_uuid(),
      add column "created_at" timestamptz not null default now(),
      add column "last_seen_at" timestamptz null,
      add column "user_agent" varchar(512) null,
      add column "ip" varchar(64) null;`)
    this.addSql(`update "sessions" set "created_at" = "updated_at";`)
    this.addSql(`create unique index "sessions_public_id_unique" on "sessions" ("public_id");`)
  }
}
