import { Migration } from '@mikro-orm/migrations'

/** Every column a catalogue filter compares besides text; an index that carries them filters without the table. */
const FILTER_COLUMNS = ['platform', 'price_cents', 'followers', 'monthly_income_cents', 'is_verified', 'is_monetized']

const SORT_KEYS = {
  newest: '"created_at" desc, "id" desc',
  price: '"price_cents", "id"',
  followers: '"followers", "id"',
  income: '"monthly_income_cents", "id"',
} as const

const SORT_COLUMN: Record<keyof typeof SORT_KEYS, string> = {
  newest: 'created_at',
  price: 'price_cents',
  followers: 'followers',
  income: 'monthly_income_cents',
}

/** The filter columns an index on `keys` must still carry. */
const included = (keys: string[]) =>
  FILTER_COLUMNS.filter((c) => !keys.includes(c))
    .map((c) => `"${c}"`)
    .join(', ')

/**
 * The catalogue at a million listings.
 *
 * Pages: covering partial indexes over active listings, one per sort, with and without the platform in
 * front. A page's ids come from an index-only scan that checks every non-text filter on the index itself,
 * so deep offsets and selective filters never touch the table; only the 28 rows shown are read from it.
 * They replace the (status, key, id) indexes of the first catalogue migration, except (status, created_at,
 * id), which admin queues over other statuses still use.
 *
 * Totals: `listing_counts` holds the number of active listings per platform and month of creation, kept by
 * statement triggers (so raw SQL and bulk loads count too). It answers the unfiltered and platform-only
 * totals, lets a deep newest-first page start at its month instead of counting from the top, and its
 * `changes` column only ever grows, with every change to an active listing or to the name of its seller:
 * its sum is the catalogue's version, under which the server remembers exact totals and whole pages.
 */
export class Migration20261122CatalogueScale extends Migration {
  override async up(): Promise<void> {
    for (const [name, keys] of Object.entries(SORT_KEYS) as [keyof typeof SORT_KEYS, string][]) {
      // pages and counts of the whole catalogue in this order, any non-text filter checked in the index
      this.addSql(
        `create index "listings_catalogue_${name}_index" on "listings" (${keys}) include (${included([SORT_COLUMN[name]])}) where "status" = 'active';`,
      )
      // the same within one platform (the platform pages and most filtered searches)
      this.addSql(
        `create index "listings_catalogue_platform_${name}_index" on "listings" ("platform", ${keys}) include (${included(['platform', SORT_COLUMN[name]])}) where "status" = 'active';`,
      )
    }
    for (const superseded of [
      'listings_status_price_index',
      'listings_status_followers_index',
      'listings_status_income_index',
      'listings_platform_index',
    ]) {
      this.addSql(`drop index "${superseded}";`)
    }

    this.addSql(`create function "listing_month"(created timestamptz) returns date language sql immutable parallel safe
      as $$ select date_trunc('month', created at time zone 'UTC')::date $$;`)
    this.addSql(`create table "listing_counts" (
      "platform" varchar(16) not null,
      "created_month" date not null,
      "active" int not null default 0,
      "changes" bigint not null default 0,
      primary key ("platform", "created_month"));`)
    this.addSql(`insert into "listing_counts" ("platform", "created_month", "active")
      select "platform", listing_month("created_at"), count(*) from "listings" where "status" = 'active' group by 1, 2;`)

    // rows are upserted in key order, so two statements never lock the same counters in opposite orders
    this.addSql(`create function "listing_counts_track"() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into listing_counts as c (platform, created_month, active, changes)
          select platform, listing_month(created_at), count(*), count(*) from new_rows where status = 'active' group by 1, 2 order by 1, 2
          on conflict (platform, created_month) do update set active = c.active + excluded.active, changes = c.changes + excluded.changes;
        elsif tg_op = 'DELETE' then
          insert into listing_counts as c (platform, created_month, active, changes)
          select platform, listing_month(created_at), -count(*), count(*) from old_rows where status = 'active' group by 1, 2 order by 1, 2
          on conflict (platform, created_month) do update set active = c.active + excluded.active, changes = c.changes + excluded.changes;
        else
          -- an edit of an active listing changes no count but may change which filters it matches: still a change
          insert into listing_counts as c (platform, created_month, active, changes)
          select platform, month, sum(delta), count(*) from (
            select platform, listing_month(created_at) as month, 1 as delta from new_rows where status = 'active'
            union all
            select platform, listing_month(created_at), -1 from old_rows where status = 'active'
          ) touched group by 1, 2 order by 1, 2
          on conflict (platform, created_month) do update set active = c.active + excluded.active, changes = c.changes + excluded.changes;
        end if;
        return null;
      end $$;`)
    this.addSql(
      `create trigger "listing_counts_insert" after insert on "listings" referencing new table as new_rows for each statement execute function listing_counts_track();`,
    )
    this.addSql(
      `create trigger "listing_counts_update" after update on "listings" referencing old table as old_rows new table as new_rows for each statement execute function listing_counts_track();`,
    )
    this.addSql(
      `create trigger "listing_counts_delete" after delete on "listings" referencing old table as old_rows for each statement execute function listing_counts_track();`,
    )
    // TRUNCATE fires no row triggers; the counters empty but the version still moves on
    this.addSql(`create function "listing_counts_truncate"() returns trigger language plpgsql as $$
      begin
        update listing_counts set active = 0, changes = changes + 1;
        return null;
      end $$;`)
    this.addSql(
      `create trigger "listing_counts_truncate" after truncate on "listings" for each statement execute function listing_counts_truncate();`,
    )
    // a catalogue page shows its sellers' names: renaming a seller with active listings changes the catalogue too
    this.addSql(`create function "listing_counts_seller_renamed"() returns trigger language plpgsql as $$
      begin
        insert into listing_counts as c (platform, created_month, changes)
        select l.platform, listing_month(l.created_at), count(*)
        from new_rows n
        join old_rows o on o.id = n.id and o.username is distinct from n.username
        join listings l on l.seller_id = n.id and l.status = 'active'
        group by 1, 2 order by 1, 2
        on conflict (platform, created_month) do update set changes = c.changes + excluded.changes;
        return null;
      end $$;`)
    this.addSql(
      `create trigger "listing_counts_seller_renamed" after update on "users" referencing old table as old_rows new table as new_rows for each statement execute function listing_counts_seller_renamed();`,
    )
  }
}
