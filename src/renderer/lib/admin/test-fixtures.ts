import type { AdminDisputeDto, AdminStatsDto, DisputeEvidenceDto } from '@shared/api/admin-dashboard'
import type { AdminConversationDto } from '@shared/api/admin-conversations'
import type { MessageDto } from '@shared/api/conversations'
import type { ListingDto } from '@shared/api/listings'
import type { AdminWithdrawalDto } from '@shared/api/payments'

const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 10, minute)).toISOString()

export function makeStats(days = 30, overrides: Partial<AdminStatsDto['figures']> = {}): AdminStatsDto {
  return {
    days,
    figures: {
      users: 1_204,
      newUsers: 37,
      activeListings: 216,
      listingsAwaitingApproval: 3,
      completedDeals: 12,
      salesVolume: 18_450.5,
      openDeals: 5,
      fundedDeals: 2,
      escrowHeld: 2_100,
      feesEarned: 922.53,
      openDisputes: 1,
      pendingWithdrawals: 1,
      pendingWithdrawalsAmount: 40,
      ...overrides,
    },
    series: Array.from({ length: days }, (_, i) => ({
      date: new Date(Date.UTC(2026, 2, 1) + i * 86_400_000).toISOString().slice(0, 10),
      newUsers: i % 3,
      dealsStarted: i % 2,
      salesVolume: i === days - 1 ? 100.1 : 0,
      fees: i === days - 1 ? 5.01 : 0,
    })),
    generatedAt: at(0),
  }
}

export function makeListing(id: number): ListingDto {
  return {
    id,
    platform: 'youtube',
    username: `channel${id}`,
    displayName: `Channel ${id}`,
    niche: 'Pets',
    description: 'Daily cat videos for cat people.',
    accountTitle: `Channel ${id}`,
    price: 100,
    followers: 1_000,
    monthlyIncome: 0,
    isVerified: false,
    isMonetized: false,
    isPremium: false,
    isPinned: false,
    isActive: false,
    status: 'pending_review',
    createdAt: '2025-01-01T00:00:00.000Z',
    images: [],
    sellerId: 3,
    seller: { id: 3, username: 'bob' },
  }
}

export function makeDispute(overrides: Partial<AdminDisputeDto> = {}): AdminDisputeDto {
  return {
    id: 7,
    displayId: 'ACC-007',
    status: 'disputed',
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
    paymentMethod: 'balance',
    refundedTo: null,
    viewerRole: 'admin',
    actions: ['resolve_release', 'resolve_refund'],
    reservedUntil: null,
    countdownDays: 7,
    countdownEndsAt: null,
    disputeReason: 'The invite never arrived.',
    createdAt: at(0),
    updatedAt: at(5),
    disputedAt: at(5),
    disputedBy: 'buyer',
    ...overrides,
  }
}

export function message(id: number, overrides: Partial<MessageDto> = {}): MessageDto {
  return {
    id,
    conversationId: 12,
    content: `message ${id}`,
    senderId: 5,
    sender: { id: 5, username: 'bob' },
    createdAt: at(id),
    isFromAdmin: false,
    buyerHasRead: true,
    sellerHasRead: false,
    adminHasRead: false,
    tickStatus: { buyer: 'read' },
    ...overrides,
  }
}

export function makeEvidence(dispute: AdminDisputeDto = makeDispute()): DisputeEvidenceDto {
  const { disputedAt: _at, disputedBy: _by, ...deal } = dispute
  return {
    transaction: {
      ...deal,
      timeline: [
        { id: 1, status: 'pending', actorRole: 'buyer', note: 'bob started the purchase', createdAt: at(0) },
        { id: 2, status: 'fee_paid', actorRole: 'buyer', note: 'bob paid into escrow from their balance.', createdAt: at(1) },
        { id: 3, status: null, actorRole: 'seller', note: 'alice marked “Send the invite” done.', createdAt: at(2) },
        { id: 4, status: 'disputed', actorRole: 'buyer', note: 'bob opened a dispute: The invite never arrived.', createdAt: at(5) },
      ],
      checklist: [
        { id: 1, title: 'Send the invite', description: '', sellerDoneAt: at(2), buyerConfirmedAt: null },
        { id: 2, title: 'Transfer ownership', description: '', sellerDoneAt: null, buyerConfirmedAt: null },
        { id: 3, title: 'Change the email', description: '', sellerDoneAt: at(3), buyerConfirmedAt: at(4) },
      ],
    },
    transcript: [
      message(3, { content: 'The link says it expired.' }),
      message(4, { content: 'bob opened a dispute: The invite never arrived.', isSystem: true }),
    ],
    transcriptTruncated: false,
  }
}

export function makeWithdrawal(overrides: Partial<AdminWithdrawalDto> = {}): AdminWithdrawalDto {
  return {
    id: 31,
    amount: 40,
    destination: 'carol@payouts.example',
    status: 'requested',
    reason: null,
    createdAt: at(0),
    decidedAt: null,
    userId: 4,
    username: 'carol',
    ...overrides,
  }
}

const chatUser = (id: number, username: string) => ({ id, username, avatar: null, isOnline: false })

export function makeAdminConversation(id: number, overrides: Partial<AdminConversationDto> = {}): AdminConversationDto {
  return {
    id,
    conversationId: id,
    buyerId: 5,
    sellerId: 3,
    buyer: chatUser(5, 'bob'),
    seller: chatUser(3, 'alice'),
    listing: { id: 11, accountTitle: 'Cat Clips channel', platform: 'youtube', price: 1000, images: [] },
    transactionId: 7,
    role: 'admin',
    counterpart: chatUser(5, 'bob'),
    lastMessage: message(40, { conversationId: id, content: 'Is it still available?' }),
    unreadCount: 2,
    adminJoined: false,
    createdAt: at(0),
    lastMessageAt: at(40),
    deal: { id: 7, displayId: 'ACC-007', status: 'disputed' },
    ...overrides,
  }
}
