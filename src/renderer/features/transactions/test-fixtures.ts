import type { TransactionDetailDto, TransactionEventDto } from '@shared/api/transactions'

const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 10, minute)).toISOString()

export function event(id: number, status: TransactionEventDto['status'], overrides: Partial<TransactionEventDto> = {}): TransactionEventDto {
  return { id, status, actorRole: 'buyer', note: `event ${id}`, createdAt: at(id), ...overrides }
}

/** A complete deal as GET /api/transactions/{id} sends it; tests override what they check. */
export function makeDeal(overrides: Partial<TransactionDetailDto> = {}): TransactionDetailDto {
  return {
    id: 7,
    displayId: 'ACC-007',
    status: 'pending',
    buyerId: 5,
    sellerId: 3,
    buyer: { id: 5, username: 'bob', avatar: null },
    seller: { id: 3, username: 'alice', avatar: null },
    listing: { id: 11, platform: 'youtube', accountTitle: 'Cat Clips channel', username: 'catclips', images: [] },
    conversationId: 12,
    price: 1000,
    escrowFee: 50,
    processorFee: 0,
    total: 1050,
    paymentMethod: null,
    refundedTo: null,
    viewerRole: 'buyer',
    actions: ['pay', 'cancel'],
    reservedUntil: new Date(Date.now() + 15 * 60_000).toISOString(),
    countdownDays: 7,
    countdownEndsAt: null,
    disputeReason: null,
    createdAt: at(0),
    updatedAt: at(0),
    timeline: [event(1, 'pending', { note: 'bob started the purchase' })],
    checklist: [],
    ...overrides,
  }
}
