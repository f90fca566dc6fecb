import { Migration } from '@mikro-orm/migrations'

/**
 * `stuck_alerted_at`: when the admins were alerted that the order is stuck (docs/decisions.md "Payment monitor"), so
 * the sweep alerts once per order, whichever instance finds it first. Orders already stuck when this ships count as
 * alerted: the monitor lists them, and a first sweep must not raise one notification per abandoned checkout of the
 * past. The partial index holds only what the sweep still has to look at: orders that are or may become stuck and
 * have not been alerted (a credited order the provider reversed or the payer complained about comes back into it).
 */
export class Migration20261203PaymentStuckAlerts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "payment_orders" add column "stuck_alerted_at" timestamptz(3) null;`)
    this.addSql(
      `update "payment_orders" set "stuck_alerted_at" = now()
        where "status" = 'paid'
           or ("reversed_at" is not null and "reversal_resolved_at" is null)
           or ("complained_at" is not null and "complaint_closed_at" is null)
           or ("status" = 'created' and "created_at" < now() - interval '30 minutes');`,
    )
    this.addSql(
      `create index "payment_orders_stuck_unalerted_index" on "payment_orders" ("created_at", "id")
        where "stuck_alerted_at" is null
          and ("status" in ('created', 'paid')
               or ("reversed_at" is not null and "reversal_resolved_at" is null)
               or ("complained_at" is not null and "complaint_closed_at" is null));`,
    )
  }
}
