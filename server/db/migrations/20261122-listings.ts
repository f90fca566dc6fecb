import { Migration } from '@mikro-orm/migrations'

/** The catalogue: listings with an index for every sort and filter of SPEC §5/§9. */
export class Migration20261122Listings extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`)
    this.addSql(`create table "listings" (
      "id" serial primary key,
      "seller_id" int not null,
      "platform" varchar(16) not null,
      "username" varchar(100) not null,
      "display_name" varchar(200) not null,
      "niche" varchar(100) not null,
      "description" text not null,
      "account_title" varchar(200) not null,
      "price_cents" bigint not null,
      "followers" bigint not null,
      "monthly_income_cents" bigint not null default 0,
      "is_verified" boolean not null default false,
      "is_monetized" boolean not null default false,
      "is_premium" boolean not null default false,
      "is_pinned" boolean not null default false,
      "status" varchar(20) not null default 'pending_review',
      "images" jsonb not null default '[]',
      "search_text" text not null,
      "niche_key" text not null,
      "created_at" timestamptz(3) not null default now(),
      "updated_at" timestamptz(3) not null default now(),
      constraint "listings_platform_check" check ("platform" in ('youtube', 'instagram', 'tiktok', 'facebook', 'twitter', 'telegram')),
      constraint "listings_status_check" check ("status" in ('pending_review', 'active', 'suspended', 'sold', 'removed')),
      constraint "listings_username_check" check ("username" <> '' and left("username", 1) <> '@' and position(' ' in "username") = 0),
      constraint "listings_amounts_check" check ("price_cents" >= 0 and "followers" >= 0 and "monthly_income_cents" >= 0),
      constraint "listings_images_check" check (jsonb_typeof("images") = 'array'));`)
    this.addSql(
      `alter table "listings" add constraint "listings_seller_id_foreign" foreign key ("seller_id") references "users" ("id") on update cascade on delete restrict;`,
    )

    // every sort, within the public catalogue (status = 'active'), ending in id as the tie-breaker
    this.addSql(`create index "listings_status_created_index" on "listings" ("status", "created_at" desc, "id" desc);`)
    this.addSql(`create index "listings_status_price_index" on "listings" ("status", "price_cents", "id");`)
    this.addSql(`create index "listings_status_followers_index" on "listings" ("status", "followers", "id");`)
    this.addSql(`create index "listings_status_income_index" on "listings" ("status", "monthly_income_cents", "id");`)
    this.addSql(`create index "listings_platform_index" on "listings" ("platform", "status", "created_at" desc, "id" desc);`)
    this.addSql(`create index "listings_seller_index" on "listings" ("seller_id", "created_at" desc, "id" desc);`)
    this.addSql(
      `create index "listings_featured_index" on "listings" ("is_pinned" desc, "is_premium" desc, "created_at" desc, "id" desc) where "status" = 'active';`,
    )
    // substring search (LIKE '%term%') over case-folded text computed by the app
    this.addSql(`create index "listings_search_text_trgm" on "listings" using gin ("search_text" gin_trgm_ops);`)
    this.addSql(`create index "listings_niche_key_trgm" on "listings" using gin ("niche_key" gin_trgm_ops);`)
    // one open listing per account: a handle cannot be offered twice on the same platform
    this.addSql(
      `create unique index "listings_open_handle_unique" on "listings" ("platform", lower("username")) where "status" in ('pending_review', 'active');`,
    )
  }
}
