import { Migration } from '@mikro-orm/migrations'

/**
 * An admin may remove a review (abuse, personal data, a review of something other than the deal). The row stays,
 * marked removed with the reason, so the deal cannot be reviewed again and its parties see why; every list, count and
 * rating reads the reviews that are shown, through an index of those alone.
 */
export class Migration20261126ReviewRemovals extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "reviews" add column "removed_at" timestamptz(3) null, add column "removed_reason" text null,
      add constraint "reviews_removed_check" check (("removed_at" is null) = ("removed_reason" is null));`)
    this.addSql(`drop index "reviews_seller_index";`)
    this.addSql(
      `create index "reviews_seller_shown_index" on "reviews" ("seller_id", "created_at" desc, "id" desc) include ("rating") where "removed_at" is null;`,
    )
  }
}
