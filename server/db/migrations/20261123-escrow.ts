import { Migration } from '@mikro-orm/migrations'

const STATUSES = `'pending', 'fee_paid', 'invite_sent', 'access_granted', 'countdown_started', 'completed', 'cancelled', 'disputed', 'refunded'`

/** Starting checklists; admins edit them (they are data). */
const STEPS: Record<string, [string, string][]> = {
  youtube: [
    [
      'Buyer invited as owner',
      "The seller invites the buyer's Google account as Owner in the channel's permissions (YouTube Studio or the Brand Account).",
    ],
    ['Invite accepted', 'The buyer accepts the invite and can open YouTube Studio for the channel.'],
    ['7-day owner wait', 'Google lets a new owner become primary owner only 7 days after being added; the countdown covers it.'],
    ['Primary ownership transferred', 'The seller makes the buyer the primary owner.'],
    ['Previous owners removed', "The seller's access and every other manager the buyer did not ask to keep are removed."],
  ],
  instagram: [
    ['Login email changed', "The account's email is the buyer's, confirmed from the buyer's inbox."],
    ['Phone number changed', "The seller's phone number is removed or replaced by the buyer's."],
    ['Two-factor authentication reset', "2FA is turned off or moved to the buyer's device; backup codes are the buyer's."],
    ['Password changed', 'The buyer has set a new password.'],
    ['Other sessions logged out', 'The buyer has logged out every other session from the security settings.'],
  ],
  tiktok: [
    ['Login email changed', "The account's email is the buyer's, confirmed from the buyer's inbox."],
    ['Phone number changed', "The seller's phone number is removed or replaced by the buyer's."],
    ['Two-factor authentication reset', "2-step verification is turned off or moved to the buyer's device."],
    ['Password changed', 'The buyer has set a new password.'],
    ['Other devices logged out', 'The buyer has removed every other device from Manage devices.'],
  ],
  twitter: [
    ['Login email changed', "The account's email is the buyer's, confirmed from the buyer's inbox."],
    ['Phone number changed', "The seller's phone number is removed or replaced by the buyer's."],
    ['Two-factor authentication reset', "2FA is turned off or moved to the buyer's device; backup codes are the buyer's."],
    ['Password changed', 'The buyer has set a new password.'],
    ['Other sessions logged out', 'The buyer has logged out every other session and revoked connected apps they do not use.'],
  ],
  facebook: [
    ['Buyer added with full control', "The seller gives the buyer's profile full control of the page."],
    ['Invite accepted', 'The buyer accepts and can manage the page.'],
    ['Seller removed', "The seller's own access is removed, and every other person the buyer did not ask to keep."],
    ['Linked accounts checked', 'Linked Instagram, ad accounts and Business Manager ownership are moved or unlinked.'],
  ],
  telegram: [
    ['Buyer made admin', "The seller adds the buyer's account as admin with every right."],
    ['Ownership transferred', 'The seller uses Transfer ownership to make the buyer the owner.'],
    ['Seller left the admins', "The seller's account and other admins the buyer did not ask to keep are removed."],
    ['Public link checked', "The channel's public link and linked discussion group are the buyer's."],
  ],
}

/**
 * Escrow deals: the transaction and its timeline, the handover checklist (steps per platform, ticked per deal),
 * idempotency keys of money-moving requests, withdrawals, and a `reserved` listing status for a listing that
 * is in a deal.
 */
export class Migration20261123Escrow extends Migration {
  override async up(): Promise<void> {
    // a listing in a deal leaves the catalogue but keeps its handle taken
    this.addSql(`alter table "listings" drop constraint "listings_status_check";`)
    this.addSql(
      `alter table "listings" add constraint "listings_status_check" check ("status" in ('pending_review', 'active', 'reserved', 'suspended', 'sold', 'removed'));`,
    )
    this.addSql(`drop index "listings_open_handle_unique";`)
    this.addSql(
      `create unique index "listings_open_handle_unique" on "listings" ("platform", lower("username")) where "status" in ('pending_review', 'active', 'reserved');`,
    )

    this.addSql(`create table "escrow_transactions" (
      "id" serial primary key,
      "listing_id" int not null references "listings" ("id") on update cascade on delete restrict,
      "buyer_id" int not null references "users" ("id") on update cascade on delete restrict,
      "seller_id" int not null references "users" ("id") on update cascade on delete restrict,
      "conversation_id" int null references "conversations" ("id") on update cascade on delete set null,
      "status" varchar(20) not null default 'pending',
      "price_cents" bigint not null,
      "escrow_fee_cents" bigint not null,
      "processor_fee_cents" bigint not null default 0,
      "payment_method" varchar(10) null,
      "countdown_days" int not null,
      "reserved_until" timestamptz(3) null,
      "countdown_ends_at" timestamptz(3) null,
      "dispute_reason" text null,
      "created_at" timestamptz(3) not null default now(),
      "updated_at" timestamptz(3) not null default now(),
      "paid_at" timestamptz(3) null,
      "closed_at" timestamptz(3) null,
      constraint "escrow_transactions_status_check" check ("status" in (${STATUSES})),
      constraint "escrow_transactions_method_check" check ("payment_method" in ('balance', 'card', 'crypto')),
      constraint "escrow_transactions_amounts_check" check ("price_cents" > 0 and "escrow_fee_cents" >= 0 and "processor_fee_cents" >= 0),
      constraint "escrow_transactions_parties_check" check ("buyer_id" <> "seller_id"),
      constraint "escrow_transactions_countdown_check" check ("countdown_days" between 1 and 60));`)
    // a listing sells once: at most one deal per listing that is not cancelled or refunded
    this.addSql(
      `create unique index "escrow_transactions_listing_open_unique" on "escrow_transactions" ("listing_id") where "status" not in ('cancelled', 'refunded');`,
    )
    this.addSql(`create index "escrow_transactions_buyer_index" on "escrow_transactions" ("buyer_id", "id" desc);`)
    this.addSql(`create index "escrow_transactions_seller_index" on "escrow_transactions" ("seller_id", "id" desc);`)
    this.addSql(`create index "escrow_transactions_status_index" on "escrow_transactions" ("status", "id" desc);`)
    this.addSql(`create index "escrow_transactions_reservations_index" on "escrow_transactions" ("reserved_until") where "status" = 'pending';`)
    this.addSql(
      `create index "escrow_transactions_countdowns_index" on "escrow_transactions" ("countdown_ends_at") where "status" = 'countdown_started';`,
    )
    this.addSql(
      `alter table "conversations" add constraint "conversations_transaction_id_foreign" foreign key ("transaction_id") references "escrow_transactions" ("id") on update cascade on delete set null;`,
    )

    this.addSql(`create table "escrow_transaction_events" (
      "id" serial primary key,
      "transaction_id" int not null references "escrow_transactions" ("id") on update cascade on delete cascade,
      "status" varchar(20) null,
      "actor_id" int null references "users" ("id") on update cascade on delete set null,
      "actor_role" varchar(10) not null,
      "note" varchar(2000) not null,
      "created_at" timestamptz(3) not null default now(),
      constraint "escrow_transaction_events_status_check" check ("status" in (${STATUSES})),
      constraint "escrow_transaction_events_role_check" check ("actor_role" in ('buyer', 'seller', 'admin', 'system')));`)
    this.addSql(`create index "escrow_transaction_events_transaction_index" on "escrow_transaction_events" ("transaction_id", "id");`)

    // the steps that make an account truly the buyer's, per platform; data an admin edits
    this.addSql(`create table "handover_steps" (
      "id" serial primary key,
      "platform" varchar(16) not null,
      "position" int not null,
      "title" varchar(200) not null,
      "description" varchar(1000) not null,
      "updated_at" timestamptz(3) not null default now(),
      constraint "handover_steps_platform_position_unique" unique ("platform", "position"));`)
    const quote = (text: string) => `'${text.replaceAll("'", "''")}'`
    const rows = Object.entries(STEPS).flatMap(([platform, steps]) =>
      steps.map(([title, description], i) => `(${quote(platform)}, ${i + 1}, ${quote(title)}, ${quote(description)})`),
    )
    this.addSql(`insert into "handover_steps" ("platform", "position", "title", "description") values ${rows.join(', ')};`)
    // each deal takes a copy of its platform's steps when it is paid, so later edits do not change a running deal
    this.addSql(`create table "transaction_checklist" (
      "id" serial primary key,
      "transaction_id" int not null references "escrow_transactions" ("id") on update cascade on delete cascade,
      "position" int not null,
      "title" varchar(200) not null,
      "description" varchar(1000) not null,
      "seller_done_at" timestamptz(3) null,
      "buyer_confirmed_at" timestamptz(3) null,
      constraint "transaction_checklist_position_unique" unique ("transaction_id", "position"),
      constraint "transaction_checklist_order_check" check ("buyer_confirmed_at" is null or "seller_done_at" is not null));`)

    // the first answer to a money-moving request, replayed for the same key and body
    this.addSql(`create table "idempotency_keys" (
      "id" serial primary key,
      "user_id" int not null references "users" ("id") on update cascade on delete cascade,
      "key" varchar(200) not null,
      "fingerprint" char(64) not null,
      "status_code" int not null,
      "response" jsonb not null,
      "created_at" timestamptz(3) not null default now(),
      constraint "idempotency_keys_user_key_unique" unique ("user_id", "key"));`)
    this.addSql(`create index "idempotency_keys_created_index" on "idempotency_keys" ("created_at");`)

    this.addSql(`create table "withdrawals" (
      "id" serial primary key,
      "user_id" int not null references "users" ("id") on update cascade on delete restrict,
      "amount_cents" bigint not null,
      "destination" varchar(254) not null,
      "status" varchar(12) not null default 'requested',
      "reason" varchar(1000) null,
      "decided_by" int null references "users" ("id") on update cascade on delete set null,
      "created_at" timestamptz(3) not null default now(),
      "decided_at" timestamptz(3) null,
      constraint "withdrawals_amount_check" check ("amount_cents" > 0),
      constraint "withdrawals_status_check" check ("status" in ('requested', 'approved', 'rejected')));`)
    this.addSql(`create index "withdrawals_user_index" on "withdrawals" ("user_id", "id" desc);`)
    this.addSql(`create index "withdrawals_requested_index" on "withdrawals" ("id") where "status" = 'requested';`)

    // chat lines written by the deal itself (checklist ticks, status changes), shown apart from people's messages
    this.addSql(`alter table "messages" add column "is_system" boolean not null default false;`)

    this.addSql(`create index "ledger_entries_account_id_id_index" on "ledger_entries" ("account_id", "id" desc);`)
  }
}
