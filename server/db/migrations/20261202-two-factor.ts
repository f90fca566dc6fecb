import { Migration } from '@mikro-orm/migrations'

/**
 * Second factors: an authenticator app's secret (sealed with a key derived from SESSION_SECRET, never stored in
 * the clear), one-time recovery codes (hashes only), passkeys (WebAuthn public keys), per-account sign-in locks with
 * their emailed unlock links, and the devices each user has signed in from (a sign-in from a new one is announced).
 * `users.two_factor_since` says whether two-factor is on, read with the session's user row and no second query.
 */
export class Migration20261202TwoFactor extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "two_factor_since" timestamptz null, add column "login_locked_at" timestamptz null;`)

    // the secret being set up waits in pending_secret until a first code confirms it; last_step refuses a replay
    this.addSql(`create table "user_totp" (
      "user_id" int primary key references "users" ("id") on update cascade on delete cascade,
      "secret" varchar(255) null,
      "pending_secret" varchar(255) null,
      "enabled_at" timestamptz null,
      "last_step" bigint null,
      "updated_at" timestamptz not null default now());`)

    this.addSql(`create table "recovery_codes" (
      "id" serial primary key,
      "user_id" int not null references "users" ("id") on update cascade on delete cascade,
      "code_hash" varchar(128) not null,
      "used_at" timestamptz null,
      "created_at" timestamptz not null default now());`)
    this.addSql(`create index "recovery_codes_user_id_index" on "recovery_codes" ("user_id");`)

    this.addSql(`create table "passkeys" (
      "id" serial primary key,
      "user_id" int not null references "users" ("id") on update cascade on delete cascade,
      "credential_id" varchar(1024) not null,
      "public_key" bytea not null,
      "counter" bigint not null default 0,
      "transports" jsonb not null default '[]',
      "name" varchar(64) not null,
      "created_at" timestamptz not null default now(),
      "last_used_at" timestamptz null);`)
    this.addSql(`create unique index "passkeys_credential_id_unique" on "passkeys" ("credential_id");`)
    this.addSql(`create index "passkeys_user_id_index" on "passkeys" ("user_id");`)

    this.addSql(`create table "account_unlocks" (
      "id" serial primary key,
      "user_id" int not null references "users" ("id") on update cascade on delete cascade,
      "token_hash" varchar(128) not null,
      "expires_at" timestamptz not null,
      "used_at" timestamptz null,
      "created_at" timestamptz not null default now());`)
    this.addSql(`create unique index "account_unlocks_token_hash_unique" on "account_unlocks" ("token_hash");`)

    this.addSql(`create table "known_devices" (
      "user_id" int not null references "users" ("id") on update cascade on delete cascade,
      "device_hash" varchar(128) not null,
      "created_at" timestamptz not null default now(),
      "last_seen_at" timestamptz not null default now(),
      primary key ("user_id", "device_hash"));`)
  }
}
