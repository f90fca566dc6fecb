import { Migration } from '@mikro-orm/migrations'

/** Chat: conversations between a buyer and a seller (optionally about a listing) and their messages. */
export class Migration20261123Chat extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "conversations" (
      "id" serial primary key,
      "buyer_id" int not null,
      "seller_id" int not null,
      "listing_id" int null,
      "transaction_id" int null,
      "created_at" timestamptz(3) not null default now(),
      "last_message_at" timestamptz(3) not null default now(),
      "admin_joined_at" timestamptz(3) null,
      constraint "conversations_two_parties_check" check ("buyer_id" <> "seller_id"),
      -- a conversation without a listing is one of its own: nulls not distinct
      constraint "conversations_parties_listing_unique" unique nulls not distinct ("buyer_id", "seller_id", "listing_id"));`)
    this.addSql(
      `alter table "conversations" add constraint "conversations_buyer_id_foreign" foreign key ("buyer_id") references "users" ("id") on update cascade;`,
    )
    this.addSql(
      `alter table "conversations" add constraint "conversations_seller_id_foreign" foreign key ("seller_id") references "users" ("id") on update cascade;`,
    )
    this.addSql(
      `alter table "conversations" add constraint "conversations_listing_id_foreign" foreign key ("listing_id") references "listings" ("id") on update cascade;`,
    )
    // each list is newest activity first: a user's as buyer and as seller (merged), the admins' joined ones, all
    this.addSql(`create index "conversations_buyer_activity_index" on "conversations" ("buyer_id", "last_message_at" desc, "id" desc);`)
    this.addSql(`create index "conversations_seller_activity_index" on "conversations" ("seller_id", "last_message_at" desc, "id" desc);`)
    this.addSql(
      `create index "conversations_admin_activity_index" on "conversations" ("last_message_at" desc, "id" desc) where "admin_joined_at" is not null;`,
    )
    this.addSql(`create index "conversations_activity_index" on "conversations" ("last_message_at" desc, "id" desc);`)
    this.addSql(
      `create index "conversations_listing_index" on "conversations" ("listing_id", "last_message_at" desc, "id" desc) where "listing_id" is not null;`,
    )
    this.addSql(`create index "conversations_transaction_index" on "conversations" ("transaction_id") where "transaction_id" is not null;`)

    this.addSql(`create table "messages" (
      "id" serial primary key,
      "conversation_id" int not null,
      "sender_id" int not null,
      "is_from_admin" boolean not null default false,
      "content" text not null,
      "client_id" varchar(64) null,
      "created_at" timestamptz(3) not null default now(),
      "buyer_has_read" boolean not null default false,
      "seller_has_read" boolean not null default false,
      "admin_has_read" boolean not null default false,
      constraint "messages_content_length_check" check (char_length("content") between 1 and 4000));`)
    this.addSql(
      `alter table "messages" add constraint "messages_conversation_id_foreign" foreign key ("conversation_id") references "conversations" ("id") on update cascade on delete cascade;`,
    )
    this.addSql(
      `alter table "messages" add constraint "messages_sender_id_foreign" foreign key ("sender_id") references "users" ("id") on update cascade;`,
    )
    // pages of a conversation, newest first, and its last message
    this.addSql(`create index "messages_conversation_index" on "messages" ("conversation_id", "id" desc);`)
    // a repeated send with the same clientId finds the first one
    this.addSql(`create unique index "messages_sender_client_unique" on "messages" ("sender_id", "client_id") where "client_id" is not null;`)
    // unread counts per role: few rows are unread, and they are counted on every list and badge
    this.addSql(`create index "messages_buyer_unread_index" on "messages" ("conversation_id") where not "buyer_has_read";`)
    this.addSql(`create index "messages_seller_unread_index" on "messages" ("conversation_id") where not "seller_has_read";`)
    this.addSql(`create index "messages_admin_unread_index" on "messages" ("conversation_id") where not "admin_has_read";`)
  }
}
