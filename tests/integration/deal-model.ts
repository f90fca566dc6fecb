/**
 * A small model of deals and their money, written by hand from the product's rules (DESIGN.md's purchase flow, who
 * takes which step): what every request must answer, and where the money must be after it. The model-based test
 * (deal-life.test.ts) drives the real server with random requests and holds it to this.
 */
import type { TransactionStatus } from '../../src/shared/api/transactions'

export type Side = 'buyer' | 'seller' | 'admin' | 'stranger'

export type Step =
  'pay' | 'send-invite' | 'confirm-access' | 'start-countdown' | 'release' | 'cancel' | 'refund' | 'dispute' | 'resolve-release' | 'resolve-refund'

const HELD: TransactionStatus[] = ['fee_paid', 'invite_sent', 'access_granted', 'countdown_started']

/** Each step: the statuses it starts from, who takes it, where it leads. */
export const RULES: Record<Step, { from: TransactionStatus[]; by: Side[]; to: TransactionStatus }> = {
  pay: { from: ['pending'], by: ['buyer'], to: 'fee_paid' },
  'send-invite': { from: ['fee_paid'], by: ['seller'], to: 'invite_sent' },
  'confirm-access': { from: ['invite_sent'], by: ['buyer'], to: 'access_granted' },
  'start-countdown': { from: ['access_granted'], by: ['seller', 'admin'], to: 'countdown_started' },
  release: { from: ['countdown_started'], by: ['buyer'], to: 'completed' },
  cancel: { from: ['pending'], by: ['buyer', 'seller', 'admin'], to: 'cancelled' },
  refund: { from: ['fee_paid', 'invite_sent'], by: ['seller', 'admin'], to: 'refunded' },
  dispute: { from: HELD, by: ['buyer', 'seller'], to: 'disputed' },
  'resolve-release': { from: ['disputed'], by: ['admin'], to: 'completed' },
  'resolve-refund': { from: ['disputed'], by: ['admin'], to: 'refunded' },
}

export const STEPS = Object.keys(RULES) as Step[]

export interface ModelDeal {
  id: number
  listingId: number
  buyerId: number
  sellerId: number
  status: TransactionStatus
  price: number
  fee: number
  /** a checkout at the provider was opened for it and not yet paid */
  checkoutOpen: boolean
  /** where the money in escrow came from, once paid: a refund gives it back there */
  fundedBy?: 'balance' | 'provider'
}

export interface ModelListing {
  id: number
  sellerId: number
  price: number
  status: 'active' | 'reserved' | 'sold'
}

/** Balances in cents: wallets by user id, each deal's escrow, and the two system accounts deals touch. */
export interface World {
  wallets: Record<number, number>
  escrow: Record<number, number>
  platformFees: number
  providerClearing: number
  listings: ModelListing[]
  deals: ModelDeal[]
}

export type Request =
  | { kind: 'purchase'; buyerId: number; listingId: number; fromBalance: boolean }
  | { kind: 'step'; dealId: number; side: Side; step: Step }
  /** the return screen confirming a payment made at the provider's checkout for the deal */
  | { kind: 'provider'; dealId: number }

/** The escrow fee the spec's defaults ask for: 5 % of the price, rounded half up, and at least $1. */
export const feeOf = (price: number) => Math.max(100, Math.floor((price * 500 + 5000) / 10000))

const held = (deal: ModelDeal) => deal.price + deal.fee

/** Moves the deal to `to`, with its money and its listing. */
function move(world: World, deal: ModelDeal, to: TransactionStatus): void {
  const listing = world.listings.find((l) => l.id === deal.listingId)!
  if (to === 'completed') {
    world.escrow[deal.id] = 0
    world.wallets[deal.sellerId] = (world.wallets[deal.sellerId] ?? 0) + deal.price
    world.platformFees += deal.fee
    listing.status = 'sold'
  } else if (to === 'refunded') {
    world.escrow[deal.id] = 0
    // a payment made at the provider is refunded there; money from the balance goes back to it
    if (deal.fundedBy === 'provider') world.providerClearing += held(deal)
    else world.wallets[deal.buyerId] = (world.wallets[deal.buyerId] ?? 0) + held(deal)
    listing.status = 'active'
  } else if (to === 'cancelled') {
    listing.status = 'active'
  }
  deal.status = to
}

/** Paying from the balance: refused (false) when the buyer is short. */
function payFromBalance(world: World, deal: ModelDeal): boolean {
  if ((world.wallets[deal.buyerId] ?? 0) < held(deal)) return false
  world.wallets[deal.buyerId] -= held(deal)
  world.escrow[deal.id] = held(deal)
  deal.status = 'fee_paid'
  deal.fundedBy = 'balance'
  return true
}

/**
 * Applies one request to the world (in place) and answers the HTTP status it must get. A purchase the model accepts
 * becomes the deal `newDealId` (the id the server gave it).
 */
export function apply(world: World, request: Request, newDealId: number): number {
  if (request.kind === 'purchase') {
    const listing = world.listings.find((l) => l.id === request.listingId)!
    if (listing.status !== 'active') return 409
    const deal: ModelDeal = {
      id: newDealId,
      listingId: listing.id,
      buyerId: request.buyerId,
      sellerId: listing.sellerId,
      status: 'pending',
      price: listing.price,
      fee: feeOf(listing.price),
      checkoutOpen: false,
    }
    // paying at once is all or nothing: a buyer short of money holds no reservation
    if (request.fromBalance && !payFromBalance(world, deal)) return 409
    listing.status = 'reserved'
    world.deals.push(deal)
    return 201
  }
  const deal = world.deals.find((d) => d.id === request.dealId)!
  if (request.kind === 'provider') {
    providerPaid(world, deal)
    return 200
  }
  if (request.side === 'stranger') return 404
  const rule = RULES[request.step]
  if (!rule.by.includes(request.side) || !rule.from.includes(deal.status)) return 409
  if (request.step === 'pay') return payFromBalance(world, deal) ? 200 : 409
  move(world, deal, rule.to)
  return 200
}

/** A payment at the provider arriving for a deal: it funds the deal still waiting for it, or goes to the buyer's balance. */
export function providerPaid(world: World, deal: ModelDeal): void {
  deal.checkoutOpen = false
  world.providerClearing -= held(deal)
  if (deal.status === 'pending') {
    world.escrow[deal.id] = held(deal)
    deal.status = 'fee_paid'
    deal.fundedBy = 'provider'
  } else {
    world.wallets[deal.buyerId] = (world.wallets[deal.buyerId] ?? 0) + held(deal)
  }
}

/** The server's own moves once deadlines passed: unpaid reservations lapse and, with `countdowns`, countdowns end in release. */
export function sweep(world: World, countdowns: boolean): void {
  for (const deal of world.deals) {
    if (deal.status === 'pending') move(world, deal, 'cancelled')
    else if (countdowns && deal.status === 'countdown_started') move(world, deal, 'completed')
  }
}

/** The steps open to someone in a deal's status, as [side, step] pairs. */
export const openSteps = (deal: ModelDeal): [Side, Step][] =>
  STEPS.flatMap((step) => (RULES[step].from.includes(deal.status) ? RULES[step].by.map((side): [Side, Step] => [side, step]) : []))
