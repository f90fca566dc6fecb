import { Migration } from '@mikro-orm/migrations'

/**
 * A refunded deal's money goes back where it came from: `refunded_to` says where (`payment`: the card or crypto
 * payment, through the provider's refund; `balance`: the buyer's balance, for a deal paid from it or a payment the
 * provider would not refund). The sandbox provider keeps how much of a payment it gave back (a deal's refund keeps
 * the processor's fee), as a real provider's partial refund does.
 */
export class Migration20261203DealRefunds extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "escrow_transactions" add column "refunded_to" varchar(16) null,
       add constraint "escrow_transactions_refunded_to_check" check ("refunded_to" in ('payment', 'balance'));`,
    )
    // a deal refunded before is one whose money went to the buyer's balance, the only way it went then
    this.addSql(`update "escrow_transactions" set "refunded_to" = 'balance' where "status" = 'refunded' and "paid_at" is not null;`)
    this.addSql(`alter table "sandbox_payments" add column "refunded_cents" bigint null;`)
    this.addSql(`update "sandbox_payments" set "refunded_cents" = "amount_cents" where "refunded_at" is not null;`)
  }
}
