import { Migration } from '@mikro-orm/migrations'

/**
 * More of the ledger kept by the database itself. The entries and transfers refused UPDATE and DELETE row by row, but
 * TRUNCATE fires no row trigger: one statement emptied the whole history. And an account's code, kind, owner and
 * floor could be changed in place, moving balances with no entry (balances are read by code) or lifting a wallet's
 * floor, which the ledger's overdraft guard obeys. Accounts are still created as money first needs them; once made,
 * they stay what they were made as.
 */
export class Migration20261128LedgerGuards extends Migration {
  override async up(): Promise<void> {
    for (const table of ['ledger_entries', 'ledger_transfers', 'ledger_accounts']) {
      this.addSql(`create trigger "${table}_no_truncate" before truncate on "${table}" for each statement execute function ledger_immutable();`)
    }
    this.addSql(`create function ledger_account_fixed() returns trigger language plpgsql as $$
      begin
        if new.id is distinct from old.id or new.code is distinct from old.code or new.kind is distinct from old.kind
           or new.user_id is distinct from old.user_id or new.allow_negative is distinct from old.allow_negative then
          raise exception 'ledger accounts keep their code, kind, owner and floor (account %)', old.code;
        end if;
        return new;
      end $$;`)
    this.addSql(`create trigger "ledger_accounts_fixed" before update on "ledger_accounts" for each row execute function ledger_account_fixed();`)
  }
}
