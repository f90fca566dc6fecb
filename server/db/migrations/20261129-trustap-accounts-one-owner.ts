import { Migration } from '@mikro-orm/migrations'

/**
 * A Trustap account (its full user id) is connected to one Handover user at most. Connections made before this was
 * enforced may share one: the newest connection of an account that is not deleted keeps it, and the others are
 * disconnected, as if their users had pressed Disconnect (only the id, email and time go; the guest user that pays
 * stays). Refusing to migrate instead would keep every instance from starting until someone edits the rows by hand,
 * and nothing but the integration page reads the connection yet.
 */
export class Migration20261129TrustapAccountsOneOwner extends Migration {
  override async up(): Promise<void> {
    // what deleting an account now does, done for the accounts deleted before: the connection's email goes, and an
    // account its owner deleted ('Deleted by its owner', account-deletion.ts) sets its Trustap account free
    this.addSql(`update trustap_accounts t set full_user_email = null,
        full_user_id = case when u.ban_reason = 'Deleted by its owner' then null else t.full_user_id end,
        connected_at = case when u.ban_reason = 'Deleted by its owner' then null else t.connected_at end,
        updated_at = now()
      from users u where u.id = t.user_id and u.deleted_at is not null and t.full_user_id is not null;`)
    this.addSql(`with ranked as (
        select t.user_id, row_number() over (
          partition by t.full_user_id
          order by u.deleted_at is null desc, t.connected_at desc nulls last, t.updated_at desc, t.user_id desc) as n
        from trustap_accounts t join users u on u.id = t.user_id
        where t.full_user_id is not null)
      update trustap_accounts t set full_user_id = null, full_user_email = null, connected_at = null, updated_at = now()
      from ranked where ranked.user_id = t.user_id and ranked.n > 1;`)
    this.addSql(`create unique index "trustap_accounts_full_user_id_unique" on "trustap_accounts" ("full_user_id") where "full_user_id" is not null;`)
  }
}
