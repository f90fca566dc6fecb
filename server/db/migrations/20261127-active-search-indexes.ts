import { Migration } from '@mikro-orm/migrations'

/**
 * The catalogue's text search (`search_text like`, `niche_key like`) only ever looks at active listings, and says so
 * with a literal `status = 'active'` the planner matches against an index predicate. Its trigram indexes now hold
 * active listings alone: a listing that is reserved, sold, rejected or withdrawn leaves them, so a purchase no longer
 * writes a new entry into two GIN indexes for a row no search will find. The admin listing search ORs the text with the
 * seller's name and never used them.
 */
export class Migration20261127ActiveSearchIndexes extends Migration {
  override async up(): Promise<void> {
    for (const [name, column] of [
      ['listings_search_text_trgm', 'search_text'],
      ['listings_niche_key_trgm', 'niche_key'],
    ]) {
      this.addSql(`drop index "${name}";`)
      this.addSql(`create index "${name}" on "listings" using gin ("${column}" gin_trgm_ops) where "status" = 'active';`)
    }
  }
}
