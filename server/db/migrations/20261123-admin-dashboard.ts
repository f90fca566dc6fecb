import { Migration } from '@mikro-orm/migrations'

/**
 * The admin dashboard's series read days of sign-ups, purchases and completed deals: each is a range of one of
 * these indexes instead of a scan of the table. Completed deals carry their amounts, so sales and fees per day
 * (and the sales total) are read from the index alone.
 */
export class Migration20261123AdminDashboard extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "users_created_index" on "users" ("created_at");`)
    this.addSql(`create index "escrow_transactions_created_index" on "escrow_transactions" ("created_at");`)
    this.addSql(
      `create index "escrow_transactions_completed_index" on "escrow_transactions" ("closed_at") include ("price_cents", "escrow_fee_cents") where "status" = 'completed';`,
    )
  }
}
