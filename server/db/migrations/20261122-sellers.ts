import { Migration } from '@mikro-orm/migrations'

/** Sellers: when a listing was sold, and an index to rank sellers by their sales. */
export class Migration20261122Sellers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "listings" add column "sold_at" timestamptz(3) null;`)
    // listings sold before this column existed: their last change is the best guess
    this.addSql(`update "listings" set "sold_at" = "updated_at" where "status" = 'sold';`)
    // top sellers count and sum sold listings per seller; a profile reads a seller's latest sales
    this.addSql(
      `create index "listings_seller_sold_index" on "listings" ("seller_id", "sold_at" desc nulls last, "id" desc) include ("price_cents") where "status" = 'sold';`,
    )
  }
}
