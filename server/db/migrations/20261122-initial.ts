import { Migration } from '@mikro-orm/migrations'

/** Accounts, sessions, email outbox and the double-entry ledger. */
export class Migration20261122Initial extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "users" ("id" serial primary key, "username" varchar(50) not null, "username_key" varchar(50) not null, "email" varchar(254) not null, "password_hash" varchar(255) not null, "is_admin" boolean not null default false, "avatar" varchar(2048) null, "banned_at" timestamptz null, "ban_reason" varchar(500) null, "created_at" timestamptz not null default now());`,
    )
    this.addSql(`alter table "users" add constraint "users_username_key_unique" unique ("username_key");`)
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`)
    // id 999 speaks for the admin in chat (SPEC §3): no real user may ever hold it
    this.addSql(`alter sequence "users_id_seq" restart with 1000;`)
    this.addSql(`alter table "users" add constraint "users_id_not_admin_sender" check ("id" <> 999);`)

    this.addSql(
      `create table "pending_signups" ("id" serial primary key, "email" varchar(254) not null, "username" varchar(50) not null, "username_key" varchar(50) not null, "password_hash" varchar(255) not null, "code_hash" varchar(128) not null, "code_expires_at" timestamptz not null, "attempts" int not null default 0, "last_sent_at" timestamptz not null, "created_at" timestamptz not null default now());`,
    )
    this.addSql(`alter table "pending_signups" add constraint "pending_signups_email_unique" unique ("email");`)
    this.addSql(`create index "pending_signups_username_key_index" on "pending_signups" ("username_key");`)

    this.addSql(
      `create table "password_resets" ("id" serial primary key, "user_id" int not null, "token_hash" varchar(128) not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null default now());`,
    )
    this.addSql(`alter table "password_resets" add constraint "password_resets_token_hash_unique" unique ("token_hash");`)
    this.addSql(
      `alter table "password_resets" add constraint "password_resets_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    )

    this.addSql(
      `create table "sessions" ("id" varchar(128) not null, "user_id" int null, "data" jsonb not null, "expires_at" timestamptz not null, "updated_at" timestamptz not null default now(), constraint "sessions_pkey" primary key ("id"));`,
    )
    this.addSql(`create index "sessions_user_id_index" on "sessions" ("user_id");`)
    this.addSql(`create index "sessions_expires_at_index" on "sessions" ("expires_at");`)

    this.addSql(
      `create table "email_outbox" ("id" serial primary key, "to" varchar(254) not null, "subject" varchar(255) not null, "text" text not null, "created_at" timestamptz not null default now());`,
    )
    this.addSql(`create index "email_outbox_to_index" on "email_outbox" ("to");`)

    this.addSql(
      `create table "ledger_accounts" ("id" serial primary key, "code" varchar(100) not null, "kind" varchar(32) not null, "user_id" int null, "allow_negative" boolean not null default false, "created_at" timestamptz not null default now());`,
    )
    this.addSql(`alter table "ledger_accounts" add constraint "ledger_accounts_code_unique" unique ("code");`)
    this.addSql(`create index "ledger_accounts_user_id_index" on "ledger_accounts" ("user_id");`)
    this.addSql(
      `alter table "ledger_accounts" add constraint "ledger_accounts_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete restrict;`,
    )

    this.addSql(
      `create table "ledger_transfers" ("id" serial primary key, "kind" varchar(64) not null, "idempotency_key" varchar(200) not null, "memo" varchar(500) not null, "created_at" timestamptz not null default now());`,
    )
    this.addSql(`alter table "ledger_transfers" add constraint "ledger_transfers_idempotency_key_unique" unique ("idempotency_key");`)

    this.addSql(
      `create table "ledger_entries" ("id" serial primary key, "transfer_id" int not null, "account_id" int not null, "amount_cents" bigint not null, "created_at" timestamptz not null default now());`,
    )
    this.addSql(`create index "ledger_entries_transfer_id_index" on "ledger_entries" ("transfer_id");`)
    this.addSql(`create index "ledger_entries_account_id_index" on "ledger_entries" ("account_id");`)
    this.addSql(
      `alter table "ledger_entries" add constraint "ledger_entries_transfer_id_foreign" foreign key ("transfer_id") references "ledger_transfers" ("id") on update cascade;`,
    )
    this.addSql(
      `alter table "ledger_entries" add constraint "ledger_entries_account_id_foreign" foreign key ("account_id") references "ledger_accounts" ("id") on update cascade;`,
    )
    this.addSql(`alter table "ledger_entries" add constraint "ledger_entries_amount_nonzero" check ("amount_cents" <> 0);`)

    // The ledger is append-only: the database itself refuses to change history.
    this.addSql(`create function ledger_immutable() returns trigger language plpgsql as $$
      begin raise exception 'ledger rows are immutable (% on %)', tg_op, tg_table_name; end $$;`)
    this.addSql(
      `create trigger ledger_entries_immutable before update or delete on "ledger_entries" for each row execute function ledger_immutable();`,
    )
    this.addSql(
      `create trigger ledger_transfers_immutable before update or delete on "ledger_transfers" for each row execute function ledger_immutable();`,
    )
    // Every transfer balances to zero, checked when its database transaction commits.
    this.addSql(`create function ledger_transfer_balanced() returns trigger language plpgsql as $$
      declare total bigint;
      begin
        select coalesce(sum(amount_cents), 0) into total from ledger_entries where transfer_id = new.transfer_id;
        if total <> 0 then raise exception 'ledger transfer % does not balance (%)', new.transfer_id, total; end if;
        return null;
      end $$;`)
    this.addSql(
      `create constraint trigger ledger_entries_balanced after insert on "ledger_entries" deferrable initially deferred for each row execute function ledger_transfer_balanced();`,
    )
  }
}
