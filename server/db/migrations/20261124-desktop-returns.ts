import { Migration } from '@mikro-orm/migrations'

/**
 * Where a provider sends the user back: an order's checkout and an OAuth authorisation remember whether they were
 * started from the website or from the desktop app, whose return is a `handover://` link. The OAuth state keeps it
 * because the token exchange must name the same redirect_uri as the authorisation.
 */
export class Migration20261124DesktopReturns extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "payment_orders" add column "return_to" varchar(8) not null default 'web' check ("return_to" in ('web', 'desktop'));`)
    this.addSql(
      `alter table "trustap_oauth_states" add column "return_to" varchar(8) not null default 'web' check ("return_to" in ('web', 'desktop'));`,
    )
  }
}
