import type { EntityManager } from '@mikro-orm/postgresql'
import { describe, expect, it } from 'vitest'
import type { AccountSpec, LedgerService, TransferRequest } from '../ledger/ledger.service'
import { dealKeys, EscrowMoney, heldCents } from './transactions.money'
import type { Deal } from './deal'

/**
 * Which accounts each step of a deal moves money between, and how much, read from the transfers it asks the ledger
 * for: a stand-in ledger names every account by its code and answers each account its own balance, so an amount on
 * the wrong side, a leg to the wrong party or the balance of the wrong account shows. The ledger itself (locks,
 * balances, keys) is tested against PostgreSQL in tests/integration/ledger.test.ts.
 */
function standInLedger() {
  const transfers: { kind: string; idempotencyKey: string; memo: string; legs: Record<string, number> }[] = []
  const ids = new Map<string, number>()
  const ledger = {
    accounts: async (_tx: EntityManager, specs: AccountSpec[]) =>
      specs.map((spec) => {
        if (!ids.has(spec.code)) ids.set(spec.code, ids.size + 1)
        return { id: ids.get(spec.code)!, code: spec.code, allowNegative: spec.allowNegative }
      }),
    transfer: async (_tx: EntityManager, request: TransferRequest) => {
      const legs = Object.fromEntries(request.legs.map((leg) => [leg.account.code, leg.amountCents]))
      transfers.push({ kind: request.kind, idempotencyKey: request.idempotencyKey, memo: request.memo, legs })
      // each account's balance after the transfer is told apart by its code
      return { replayed: false, balanceOf: (account: { code: string }) => `balance of ${account.code}` as unknown as number }
    },
  }
  return { money: new EscrowMoney(ledger as unknown as LedgerService), transfers }
}

const tx = {} as EntityManager
const deal = (fee: number) => ({ id: 7, buyer: { id: 11 }, seller: { id: 22 }, priceCents: 10_000, escrowFeeCents: fee }) as Deal

describe("a deal's money", () => {
  it('holds the price and the escrow fee, never the processor fee', () => {
    expect(heldCents({ priceCents: 10_000, escrowFeeCents: 500 })).toBe(10_500)
  })

  it('keys each step by the deal, so any path to a step moves the money once', () => {
    expect([dealKeys.fund(7), dealKeys.release(7), dealKeys.refund(7)]).toEqual(['deal:7:fund', 'deal:7:release', 'deal:7:refund'])
  })

  it("pays into escrow from the buyer's balance, answering the buyer's new balance", async () => {
    const { money, transfers } = standInLedger()
    expect(await money.fundFromBalance(tx, deal(500))).toBe('balance of wallet:11')
    expect(transfers).toEqual([
      {
        kind: 'escrow_fund',
        idempotencyKey: 'deal:7:fund',
        memo: 'Payment into escrow for ACC-007',
        legs: { 'wallet:11': -10_500, 'escrow:7': 10_500 },
      },
    ])
  })

  it("pays into escrow from the provider's clearing account", async () => {
    const { money, transfers } = standInLedger()
    await money.fundFromProvider(tx, deal(500))
    expect(transfers).toEqual([
      {
        kind: 'escrow_fund',
        idempotencyKey: 'deal:7:fund',
        memo: 'Payment into escrow for ACC-007 at the provider',
        legs: { 'system:provider_clearing': -10_500, 'escrow:7': 10_500 },
      },
    ])
  })

  it("releases the price to the seller and the fee to the platform, answering the seller's new balance", async () => {
    const { money, transfers } = standInLedger()
    expect(await money.release(tx, deal(500))).toBe('balance of wallet:22')
    expect(transfers).toEqual([
      {
        kind: 'escrow_release',
        idempotencyKey: 'deal:7:release',
        memo: 'Funds released for ACC-007',
        legs: { 'escrow:7': -10_500, 'wallet:22': 10_000, 'system:platform_fees': 500 },
      },
    ])
  })

  it('releases a deal without an escrow fee with no leg of 0 cents to the platform', async () => {
    const { money, transfers } = standInLedger()
    await money.release(tx, deal(0))
    expect(transfers.map((t) => t.legs)).toEqual([{ 'escrow:7': -10_000, 'wallet:22': 10_000 }])
  })

  it("refunds all of it to the buyer's balance, answering the buyer's new balance", async () => {
    const { money, transfers } = standInLedger()
    expect(await money.refund(tx, deal(500), 'balance')).toBe('balance of wallet:11')
    expect(transfers).toEqual([
      { kind: 'escrow_refund', idempotencyKey: 'deal:7:refund', memo: 'Refund for ACC-007', legs: { 'escrow:7': -10_500, 'wallet:11': 10_500 } },
    ])
  })

  it('refunds all of it to the payment it came from through provider clearing, with no balance to answer', async () => {
    const { money, transfers } = standInLedger()
    expect(await money.refund(tx, deal(500), 'payment')).toBeNull()
    expect(transfers).toEqual([
      {
        kind: 'escrow_refund',
        idempotencyKey: 'deal:7:refund',
        memo: 'Refund for ACC-007 to its payment at the provider',
        legs: { 'escrow:7': -10_500, 'system:provider_clearing': 10_500 },
      },
    ])
  })

  it("credits a provider payment the deal no longer waits for to the buyer's balance, keyed by the order", async () => {
    const { money, transfers } = standInLedger()
    expect(await money.creditUnmatched(tx, deal(500), 'ord_1', 10_835)).toBe('balance of wallet:11')
    expect(transfers).toEqual([
      {
        kind: 'deposit',
        idempotencyKey: 'order:ord_1:credit',
        memo: 'Payment ord_1 for ACC-007 credited to the balance',
        legs: { 'system:provider_clearing': -10_835, 'wallet:11': 10_835 },
      },
    ])
  })
})
