import { Migration } from '@mikro-orm/migrations'

/**
 * Money in and out through a payment provider: orders paid at a provider's checkout, the webhooks already
 * handled, the sandbox provider's own records (what its "bank" saw), Trustap identities of users, pending
 * OAuth authorisations, and the payout reference of a withdrawal (the table itself comes with escrow).
 */
export class Migration20261123Payments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "payment_orders" (
      "id" serial primary key,
      "order_id" varchar(64) not null,
      "user_id" int not null references "users" ("id") on update cascade on delete restrict,
      "kind" varchar(10) not null,
      "transaction_id" int null references "escrow_transactions" ("id") on update cascade on delete restrict,
      "provider" varchar(16) not null,
      "provider_ref" varchar(100) null,
      "checkout_url" varchar(2048) null,
      "method" varchar(10) not null,
      "amount_cents" bigint not null,
      "processor_fee_cents" bigint not null,
      "total_cents" bigint not null,
      "status" varchar(12) not null default 'created',
      "conversation_id" int null,
      "seller_id" int null,
      "created_at" timestamptz(3) not null default now(),
      "updated_at" timestamptz(3) not null default now(),
      "paid_at" timestamptz(3) null,
      "credited_at" timestamptz(3) null,
      constraint "payment_orders_order_id_unique" unique ("order_id"),
      constraint "payment_orders_kind_check" check ("kind" in ('deposit', 'purchase')),
      constraint "payment_orders_purchase_check" check (("kind" = 'purchase') = ("transaction_id" is not null)),
      constraint "payment_orders_method_check" check ("method" in ('card', 'crypto')),
      constraint "payment_orders_status_check" check ("status" in ('created', 'paid', 'credited', 'failed', 'cancelled', 'expired')),
      constraint "payment_orders_amounts_check" check ("amount_cents" > 0 and "processor_fee_cents" >= 0 and "total_cents" = "amount_cents" + "processor_fee_cents"));`)
    this.addSql(`create index "payment_orders_user_index" on "payment_orders" ("user_id", "id" desc);`)
    // a webhook names the provider's transaction, not our order
    this.addSql(
      `create unique index "payment_orders_provider_ref_unique" on "payment_orders" ("provider", "provider_ref") where "provider_ref" is not null;`,
    )

    // a provider's webhook handled once: a replay of the same delivery is refused
    this.addSql(`create table "payment_webhook_events" (
      "id" serial primary key,
      "provider" varchar(16) not null,
      "event_key" char(64) not null,
      "order_id" varchar(64) null,
      "received_at" timestamptz(3) not null default now(),
      constraint "payment_webhook_events_key_unique" unique ("provider", "event_key"));`)

    // the sandbox provider's side of the story: what its checkout page was told, never read as our own status
    this.addSql(`create table "sandbox_payments" (
      "ref" varchar(40) primary key,
      "order_id" varchar(64) not null,
      "outcome" varchar(10) null,
      "amount_cents" bigint not null,
      "created_at" timestamptz(3) not null default now(),
      "decided_at" timestamptz(3) null,
      constraint "sandbox_payments_outcome_check" check ("outcome" in ('paid', 'failed', 'cancelled')));`)
    this.addSql(`create table "sandbox_payouts" (
      "withdrawal_id" int primary key references "withdrawals" ("id") on update cascade on delete restrict,
      "amount_cents" bigint not null,
      "destination" varchar(254) not null,
      "created_at" timestamptz(3) not null default now());`)

    // a user's identities at Trustap: the guest user that pays, and the full user connected with OAuth
    this.addSql(`create table "trustap_accounts" (
      "user_id" int primary key references "users" ("id") on update cascade on delete cascade,
      "guest_user_id" varchar(64) null,
      "full_user_id" varchar(64) null,
      "full_user_email" varchar(254) null,
      "connected_at" timestamptz(3) null,
      "updated_at" timestamptz(3) not null default now());`)
    // an OAuth authorisation in flight: the state (hashed) and the PKCE verifier, used once
    this.addSql(`create table "trustap_oauth_states" (
      "state_hash" char(64) primary key,
      "user_id" int not null references "users" ("id") on update cascade on delete cascade,
      "code_verifier" varchar(128) not null,
      "expires_at" timestamptz(3) not null,
      "created_at" timestamptz(3) not null default now());`)

    this.addSql(`alter table "withdrawals" add column "payout_ref" varchar(200) null;`)
  }
}
