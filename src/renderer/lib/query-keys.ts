import type { NotificationListQuery } from '@shared/api/notifications'

/**
 * Query key factories. They live here, not inside each feature, because the session (sign-out),
 * the realtime event router and the header invalidate across domains while features may not
 * import each other. Features extend these roots with their own sub-keys; nobody writes inline arrays.
 */

export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
  adminMe: () => [...authKeys.all, 'admin-me'] as const,
}

/**
 * The signed-in user's own settings (GET /api/settings/…): the email in use and the notification and sound
 * preferences, which the live layer reads for every sound and desktop alert.
 */
export const accountKeys = {
  all: ['account'] as const,
  email: () => [...accountKeys.all, 'email'] as const,
  preferences: () => [...accountKeys.all, 'preferences'] as const,
  /** GET /api/auth/sessions: where the user is signed in */
  sessions: () => [...accountKeys.all, 'sessions'] as const,
  /** GET /api/auth/2fa: what protects the account (app, passkeys, recovery codes left) */
  twoFactor: () => [...accountKeys.all, 'two-factor'] as const,
  /** GET /api/auth/webauthn/credentials: the account's passkeys */
  passkeys: () => [...accountKeys.all, 'passkeys'] as const,
}

export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  /** one page of GET /api/notifications: the header dropdown and the /notifications page */
  list: (query: NotificationListQuery) => [...notificationKeys.lists(), query] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
}

export const conversationKeys = {
  all: ['conversations'] as const,
  /** GET /api/conversations (the viewer's own, newest activity first) */
  list: () => [...conversationKeys.all, 'list'] as const,
  /** GET /api/conversations/unread-count: the floating chat button */
  unreadCount: () => [...conversationKeys.all, 'unread-count'] as const,
  details: () => [...conversationKeys.all, 'detail'] as const,
  detail: (id: number) => [...conversationKeys.details(), id] as const,
  /** pages of GET /api/conversations/{id}/messages, newest page first */
  allMessages: () => [...conversationKeys.all, 'messages'] as const,
  messages: (id: number) => [...conversationKeys.allMessages(), id] as const,
  /** who is typing in a conversation: filled by live events only, never fetched */
  typing: (id: number) => [...conversationKeys.all, 'typing', id] as const,
}

export const transactionKeys = {
  all: ['transactions'] as const,
}

/**
 * Reviews of sellers: a seller's pages of reviews, and a deal's review. The deal's sits under the transactions
 * root, so the live events that refresh an open deal page (the review sends `transaction_updated`) refresh it too.
 */
export const reviewKeys = {
  all: ['reviews'] as const,
  sellers: () => [...reviewKeys.all, 'seller'] as const,
  deal: (transactionId: number) => [...transactionKeys.all, 'review', transactionId] as const,
}

/** Public seller profiles and the ranking (features/sellers extends it); a new review changes a seller's rating there. */
export const sellerKeys = {
  all: ['sellers'] as const,
}

/** The signed-in user's money: GET /api/balance, its history and withdrawals (the header's figure is authKeys.me). */
export const balanceKeys = {
  all: ['balance'] as const,
}

/** The seller's Trustap connection (GET /api/trustap/connection) and the authorisation start URL. */
export const trustapKeys = {
  all: ['trustap'] as const,
}

export const listingKeys = {
  all: ['listings'] as const,
}

/** The public blog (GET /api/blog…); the admin editor refreshes it after every write. */
export const blogKeys = {
  all: ['blog'] as const,
}

export const adminKeys = {
  all: ['admin'] as const,
  reviewQueue: () => [...adminKeys.all, 'review-queue'] as const,
  /** the dashboard's figures, every range: deal events refresh them (app/providers/realtime-events.ts) */
  stats: () => [...adminKeys.all, 'stats'] as const,
  /** the withdrawals queue, every page: withdrawal events refresh it (app/providers/realtime-events.ts) */
  withdrawals: () => [...adminKeys.all, 'withdrawals'] as const,
}

/** Public figures (GET /api/stats, /api/stats/platforms): the home page and the landing pages share them. */
export const statsKeys = {
  all: ['stats'] as const,
  overview: () => [...statsKeys.all, 'overview'] as const,
  platforms: () => [...statsKeys.all, 'platforms'] as const,
}

/** GET /api/diagnostic: the crypto and API status screen. */
export const diagnosticKeys = {
  all: ['diagnostic'] as const,
}

/** GET /api/site (the maintenance banner): every page's layout reads it, the admin settings screen refreshes it. */
export const siteKeys = {
  all: ['site'] as const,
}
