import { describe, expect, it } from 'vitest'
import {
  TRANSACTION_ACTIONS,
  TRANSACTION_ROLES,
  TRANSACTION_STATUSES,
  type TransactionAction,
  type TransactionStatus,
} from '@shared/api/transactions'
import type { Deal } from './deal'
import { actionsFor, allowed, MOVES, SYSTEM_MOVES, systemAllowed, transition, type SystemMove } from './state-machine'

/**
 * Who may take each action from each status, written out by hand from DESIGN.md's state machine rather than read
 * from the code, so a wrong entry in the code (a release from `access_granted`, a refund the buyer takes alone) shows
 * as a cell that differs. Each cell names the roles allowed: b(uyer), s(eller), a(dmin); '-' is nobody.
 */
const WHO: Record<TransactionAction, Record<TransactionStatus, string>> = {
  pay: {
    pending: 'b',
    fee_paid: '-',
    invite_sent: '-',
    access_granted: '-',
    countdown_started: '-',
    completed: '-',
    cancelled: '-',
    disputed: '-',
    refunded: '-',
  },
  send_invite: {
    pending: '-',
    fee_paid: 's',
    invite_sent: '-',
    access_granted: '-',
    countdown_started: '-',
    completed: '-',
    cancelled: '-',
    disputed: '-',
    refunded: '-',
  },
  confirm_access: {
    pending: '-',
    fee_paid: '-',
    invite_sent: 'b',
    access_granted: '-',
    countdown_started: '-',
    completed: '-',
    cancelled: '-',
    disputed: '-',
    refunded: '-',
  },
  start_countdown: {
    pending: '-',
    fee_paid: '-',
    invite_sent: '-',
    access_granted: 'sa',
    countdown_started: '-',
    completed: '-',
    cancelled: '-',
    disputed: '-',
    refunded: '-',
  },
  release: {
    pending: '-',
    fee_paid: '-',
    invite_sent: '-',
    access_granted: '-',
    countdown_started: 'b',
    completed: '-',
    cancelled: '-',
    disputed: '-',
    refunded: '-',
  },
  cancel: {
    pending: 'bsa',
    fee_paid: '-',
    invite_sent: '-',
    access_granted: '-',
    countdown_started: '-',
    completed: '-',
    cancelled: '-',
    disputed: '-',
    refunded: '-',
  },
  refund: {
    pending: '-',
    fee_paid: 'sa',
    invite_sent: 'sa',
    access_granted: '-',
    countdown_started: '-',
    completed: '-',
    cancelled: '-',
    disputed: '-',
    refunded: '-',
  },
  dispute: {
    pending: '-',
    fee_paid: 'bs',
    invite_sent: 'bs',
    access_granted: 'bs',
    countdown_started: 'bs',
    completed: '-',
    cancelled: '-',
    disputed: '-',
    refunded: '-',
  },
  resolve_release: {
    pending: '-',
    fee_paid: '-',
    invite_sent: '-',
    access_granted: '-',
    countdown_started: '-',
    completed: '-',
    cancelled: '-',
    disputed: 'a',
    refunded: '-',
  },
  resolve_refund: {
    pending: '-',
    fee_paid: '-',
    invite_sent: '-',
    access_granted: '-',
    countdown_started: '-',
    completed: '-',
    cancelled: '-',
    disputed: 'a',
    refunded: '-',
  },
}

/** Where each action leads, and the server's own moves, by hand as well. */
const LEADS_TO: Record<TransactionAction, TransactionStatus> = {
  pay: 'fee_paid',
  send_invite: 'invite_sent',
  confirm_access: 'access_granted',
  start_countdown: 'countdown_started',
  release: 'completed',
  cancel: 'cancelled',
  refund: 'refunded',
  dispute: 'disputed',
  resolve_release: 'completed',
  resolve_refund: 'refunded',
}

/** The same table as the code answers it, cell by cell. */
const answered = () =>
  Object.fromEntries(
    TRANSACTION_ACTIONS.map((action) => [
      action,
      Object.fromEntries(
        TRANSACTION_STATUSES.map((status) => [
          status,
          TRANSACTION_ROLES.filter((role) => allowed(action, status, role))
            .map((role) => role[0])
            .join('') || '-',
        ]),
      ),
    ]),
  )

describe('purchase state machine, every action × status × role', () => {
  it('allows exactly the cells of the hand-written table', () => {
    expect(answered()).toEqual(WHO)
  })

  it("offers each role, in each status, the table's actions in the table's order", () => {
    for (const status of TRANSACTION_STATUSES) {
      for (const role of TRANSACTION_ROLES) {
        const expected = TRANSACTION_ACTIONS.filter((action) => WHO[action][status].includes(role[0]!))
        expect(actionsFor(status, role), `${role} in ${status}`).toEqual(expected)
      }
    }
  })

  it('leads each action, and each move the server makes alone, where the table says', () => {
    expect(Object.fromEntries(TRANSACTION_ACTIONS.map((action) => [action, MOVES[action].to]))).toEqual(LEADS_TO)
    expect(Object.fromEntries(Object.entries(SYSTEM_MOVES).map(([move, { to }]) => [move, to]))).toEqual(SYSTEM_LEADS_TO)
  })

  it('lets the server make each of its own moves from exactly the statuses written here', () => {
    const answeredSystem = Object.fromEntries(
      (Object.keys(SYSTEM_FROM) as SystemMove[]).map((move) => [move, TRANSACTION_STATUSES.filter((status) => systemAllowed(move, status))]),
    )
    expect(answeredSystem).toEqual(SYSTEM_FROM)
    expect(Object.keys(SYSTEM_MOVES).sort()).toEqual(Object.keys(SYSTEM_FROM).sort())
  })
})

/** The server's own moves, by hand: where each may start and where it leads. */
const SYSTEM_FROM: Record<SystemMove, TransactionStatus[]> = {
  expire: ['pending'],
  countdown_over: ['countdown_started'],
  seller_banned_unpaid: ['pending'],
  seller_banned_held: ['fee_paid', 'invite_sent', 'access_granted', 'countdown_started'],
  provider_complaint: ['fee_paid', 'invite_sent', 'access_granted', 'countdown_started'],
}
const SYSTEM_LEADS_TO: Record<SystemMove, TransactionStatus> = {
  expire: 'cancelled',
  countdown_over: 'completed',
  seller_banned_unpaid: 'cancelled',
  seller_banned_held: 'disputed',
  provider_complaint: 'disputed',
}

/**
 * What a deal reaching each status does to its reserved listing (by hand): sold when completed, back on sale when it
 * ends unpaid or refunded, or off sale when its seller was banned meanwhile; and whether the deal is closed.
 */
const REACHING: Record<TransactionStatus, { listing: string; bannedSeller: string; closed: boolean }> = {
  pending: { listing: 'reserved', bannedSeller: 'reserved', closed: false },
  fee_paid: { listing: 'reserved', bannedSeller: 'reserved', closed: false },
  invite_sent: { listing: 'reserved', bannedSeller: 'reserved', closed: false },
  access_granted: { listing: 'reserved', bannedSeller: 'reserved', closed: false },
  countdown_started: { listing: 'reserved', bannedSeller: 'reserved', closed: false },
  completed: { listing: 'sold', bannedSeller: 'sold', closed: true },
  cancelled: { listing: 'active', bannedSeller: 'suspended', closed: true },
  disputed: { listing: 'reserved', bannedSeller: 'reserved', closed: false },
  refunded: { listing: 'active', bannedSeller: 'suspended', closed: true },
}

const earlier = new Date('2026-11-30T08:00:00Z')
const reservedDeal = (sellerBanned: boolean, listingStatus: Deal['listing']['status'] = 'reserved'): Deal => ({
  id: 31,
  listing: { id: 4, platform: 'youtube', accountTitle: 'Cooking channel', username: 'cooking', images: [], status: listingStatus, soldAt: null },
  buyer: { id: 1001, username: 'alice', avatar: null },
  seller: { id: 1002, username: 'bob', avatar: null },
  sellerBanned,
  conversation: null,
  status: 'pending',
  priceCents: 10_000,
  escrowFeeCents: 500,
  processorFeeCents: 0,
  paymentMethod: null,
  countdownDays: 3,
  reservedUntil: null,
  countdownEndsAt: null,
  disputeReason: null,
  refundedTo: null,
  createdAt: earlier,
  updatedAt: earlier,
  paidAt: null,
  closedAt: null,
})

describe('a deal reaching a status', () => {
  const now = new Date('2026-12-01T12:00:00Z')
  for (const to of TRANSACTION_STATUSES) {
    it(`sets ${to}, its time, and the listing that follows it`, () => {
      for (const banned of [false, true]) {
        const deal = reservedDeal(banned)
        const answered = transition(deal, to, now)
        const expected = banned ? REACHING[to].bannedSeller : REACHING[to].listing
        expect({ status: deal.status, updatedAt: deal.updatedAt, listing: deal.listing.status, answered }).toEqual({
          status: to,
          updatedAt: now,
          listing: expected,
          answered: expected === 'reserved' ? null : expected,
        })
        expect(deal.closedAt).toEqual(REACHING[to].closed ? now : null)
        expect(deal.listing.soldAt).toEqual(to === 'completed' ? now : null)
      }
    })
  }

  it('leaves a listing that is no longer reserved where it is when the deal ends unpaid or refunded', () => {
    for (const to of ['cancelled', 'refunded'] as const) {
      const deal = reservedDeal(false, 'suspended')
      expect(transition(deal, to, new Date())).toBeNull()
      expect(deal.listing.status).toBe('suspended')
    }
  })
})
