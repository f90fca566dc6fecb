import { Migration } from '@mikro-orm/migrations'

/** The shard a transaction counts into: the same for each of its statements, whose rows are still upserted in key order. */
const SHARD = `(txid_current() % 16)::smallint`

/**
 * `listing_counts` in 16 shards per platform and month. Every change to an active listing upserts its bucket's
 * counter, and the row stays locked until the change commits. With one row per bucket, every purchase of a listing
 * from the same platform and month waited for the one before it to commit (a purchase paid from the balance holds the
 * lock through its payment). Each transaction now counts into the shard its transaction id picks; readers sum the
 * shards. A shard alone may go below zero (a listing counted in one shard and removed in another); a bucket's sum
 * never does.
 */
export class Migration20261124ListingCountsShards extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "listing_counts" add column "shard" smallint not null default 0;`)
    this.addSql(`alter table "listing_counts" drop constraint "listing_counts_pkey";`)
    this.addSql(`alter table "listing_counts" add constraint "listing_counts_pkey" primary key ("platform", "created_month", "shard");`)

    this.addSql(`create or replace function "listing_counts_track"() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into listing_counts as c (platform, created_month, shard, active, changes)
          select platform, listing_month(created_at), ${SHARD}, count(*), count(*) from new_rows where status = 'active' group by 1, 2 order by 1, 2
          on conflict (platform, created_month, shard) do update set active = c.active + excluded.active, changes = c.changes + excluded.changes;
        elsif tg_op = 'DELETE' then
          insert into listing_counts as c (platform, created_month, shard, active, changes)
          select platform, listing_month(created_at), ${SHARD}, -count(*), count(*) from old_rows where status = 'active' group by 1, 2 order by 1, 2
          on conflict (platform, created_month, shard) do update set active = c.active + excluded.active, changes = c.changes + excluded.changes;
        else
          -- an edit of an active listing changes no count but may change which filters it matches: still a change
          insert into listing_counts as c (platform, created_month, shard, active, changes)
          select platform, month, ${SHARD}, sum(delta), count(*) from (
            select platform, listing_month(created_at) as month, 1 as delta from new_rows where status = 'active'
            union all
            select platform, listing_month(created_at), -1 from old_rows where status = 'active'
          ) touched group by 1, 2 order by 1, 2
          on conflict (platform, created_month, shard) do update set active = c.active + excluded.active, changes = c.changes + excluded.changes;
        end if;
        return null;
      end $$;`)

    this.addSql(`create or replace function "listing_counts_seller_renamed"() returns trigger language plpgsql as $$
      begin
        insert into listing_counts as c (platform, created_month, shard, changes)
        select l.platform, listing_month(l.created_at), ${SHARD}, count(*)
        from new_rows n
        join old_rows o on o.id = n.id and o.username is distinct from n.username
        join listings l on l.seller_id = n.id and l.status = 'active'
        group by 1, 2 order by 1, 2
        on conflict (platform, created_month, shard) do update set changes = c.changes + excluded.changes;
        return null;
      end $$;`)
  }
}
