import { Migration } from '@mikro-orm/migrations'

/**
 * `ledger_entries` had two indexes led by the account: `(account_id)` from the first schema and `(account_id, id desc)`
 * added with escrow for the balance page's history. The second answers everything the first did (a balance sums an
 * account's entries by its leading column), so the first only cost every entry of every transfer one more index write.
 */
export class Migration20261128LedgerEntriesAccountIndex extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index if exists "ledger_entries_account_id_index";`)
  }
}
