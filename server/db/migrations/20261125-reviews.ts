import { Migration } from '@mikro-orm/migrations'

/**
 * Reviews of sellers: one per completed escrow deal, written by its buyer. The unique deal id is what makes two
 * submits at once end in exactly one review. Seller and reviewer are copied from the deal (its parties never
 * change), so a seller's reviews and rating are read without going through the deals.
 */
export class Migration20261125Reviews extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "reviews" (
      "id" serial primary key,
      "transaction_id" int not null references "escrow_transactions" ("id") on update cascade on delete restrict,
      "seller_id" int not null references "users" ("id") on update cascade on delete restrict,
      "reviewer_id" int not null references "users" ("id") on update cascade on delete restrict,
      "rating" smallint not null,
      "text" text not null,
      "created_at" timestamptz(3) not null default now(),
      constraint "reviews_transaction_id_unique" unique ("transaction_id"),
      constraint "reviews_rating_check" check ("rating" between 1 and 5),
      constraint "reviews_text_check" check (char_length("text") between 1 and 2000 and "text" = btrim("text", E' \\t\\n\\r')),
      constraint "reviews_parties_check" check ("seller_id" <> "reviewer_id"));`)
    // a seller's reviews newest first, carrying the rating so averages and star counts read the index alone
    this.addSql(`create index "reviews_seller_index" on "reviews" ("seller_id", "created_at" desc, "id" desc) include ("rating");`)
  }
}
