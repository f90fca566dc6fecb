import type { AdminDealQuery, AdminOrderQuery } from '@shared/api/admin-payments'
import type { AuditQuery } from '@shared/api/audit'
import type { NotificationListQuery } from '@shared/api/notifications'

/**
 * Query key factories, one per domain. They live here, not inside each feature, because the session (sign-out),
 * the realtime event router and the header invalidate across domains while features may not import each other.
 * Every query key is built by one of these; nobody writes inline arrays.
 *
 * A key that carries a feature's own filters (a list's URL state) takes them as a type parameter: their shape
 * belongs to the feature that reads them, and the key only has to hold them.
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

/** The desktop app's own settings on this computer (window.desktop.getSettings), not the account's. */
export const desktopKeys = {
  all: ['desktop'] as const,
  settings: () => [...desktopKeys.all, 'settings'] as const,
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

/**
 * Deals. Live deal events invalidate `all`, so everything that shows a deal sits under it: the lists, one deal, the
 * price quotes, and keys of other domains that must follow a deal (a deal's review, the admin disputes).
 */
export const transactionKeys = {
  all: ['transactions'] as const,
  lists: () => [...transactionKeys.all, 'list'] as const,
  /** one page of GET /api/transactions: the /transactions filters plus the page size */
  list: <Filters extends object>(filters: Filters) => [...transactionKeys.lists(), filters] as const,
  details: () => [...transactionKeys.all, 'detail'] as const,
  detail: (id: number) => [...transactionKeys.details(), id] as const,
  quotes: () => [...transactionKeys.all, 'quote'] as const,
  quote: (listingId: number) => [...transactionKeys.quotes(), listingId] as const,
}

/**
 * Reviews of sellers: a seller's pages of reviews, and a deal's review. The deal's sits under the transactions
 * root, so the live events that refresh an open deal page (the review sends `transaction_updated`) refresh it too.
 */
export const reviewKeys = {
  all: ['reviews'] as const,
  sellers: () => [...reviewKeys.all, 'seller'] as const,
  seller: (sellerId: number, page: number) => [...reviewKeys.sellers(), sellerId, page] as const,
  deal: (transactionId: number) => [...transactionKeys.all, 'review', transactionId] as const,
}

/**
 * Public seller profiles and the ranking; a new review changes a seller's rating there. Its own root, not under the
 * listings one: live listing events edit every list cached there by listing id, and a list of sellers must not be
 * edited by those ids.
 */
export const sellerKeys = {
  all: ['sellers'] as const,
  tops: () => [...sellerKeys.all, 'top'] as const,
  top: (limit: number) => [...sellerKeys.tops(), limit] as const,
  details: () => [...sellerKeys.all, 'detail'] as const,
  detail: (id: string) => [...sellerKeys.details(), id] as const,
}

/**
 * The signed-in user's money: GET /api/balance, its history and withdrawals (the header's figure is authKeys.me).
 * `balance_updated` and deal events invalidate `all`.
 */
export const balanceKeys = {
  all: ['balance'] as const,
  summary: () => [...balanceKeys.all, 'summary'] as const,
  histories: () => [...balanceKeys.all, 'history'] as const,
  history: (page: number) => [...balanceKeys.histories(), page] as const,
  withdrawals: () => [...balanceKeys.all, 'withdrawals'] as const,
}

/** The seller's Trustap connection (GET /api/trustap/connection) and the authorisation start URL, both per user. */
export const trustapKeys = {
  all: ['trustap'] as const,
  connection: () => [...trustapKeys.all, 'connection'] as const,
  start: () => [...trustapKeys.all, 'oauth-start'] as const,
}

/**
 * The catalogue. Live listing events and every listing write invalidate `all`, so whatever shows listings sits under
 * it: the lists, one listing, the owner's editable copy and the catalogue's total (the home page's counter).
 */
export const listingKeys = {
  all: ['listings'] as const,
  lists: () => [...listingKeys.all, 'list'] as const,
  /** one page of GET /api/accounts: the server's query string as the catalogue filters build it */
  list: <Query extends object>(query: Query) => [...listingKeys.lists(), query] as const,
  details: () => [...listingKeys.all, 'detail'] as const,
  detail: (id: string) => [...listingKeys.details(), id] as const,
  /** the owner's copy on /create-listing?edit= */
  editable: (id: string) => [...listingKeys.all, 'editable', id] as const,
  total: () => [...listingKeys.all, 'total'] as const,
}

/**
 * The signed-in user's own listings (the profile page). Its own root, not under the listings one: live listing events
 * take sold and deactivated listings out of every list cached there, and the owner's list keeps every status.
 */
export const profileKeys = {
  all: ['profile'] as const,
  listings: () => [...profileKeys.all, 'listings'] as const,
}

/** The public blog (GET /api/blog…); the admin editor refreshes it after every write. */
export const blogKeys = {
  all: ['blog'] as const,
  lists: () => [...blogKeys.all, 'list'] as const,
  list: (page: number) => [...blogKeys.lists(), page] as const,
  details: () => [...blogKeys.all, 'detail'] as const,
  detail: (id: number) => [...blogKeys.details(), id] as const,
}

/**
 * The admin area: each screen has a root of its own under `all`, which its writes refresh. Disputes sit under the
 * transactions root instead, so a step taken on a deal anywhere in the app refreshes them.
 */
export const adminKeys = {
  all: ['admin'] as const,
  reviewQueue: () => [...adminKeys.all, 'review-queue'] as const,
  /** the dashboard's figures, every range: deal events refresh them (app/providers/realtime-events.ts) */
  allStats: () => [...adminKeys.all, 'stats'] as const,
  stats: (days: number) => [...adminKeys.allStats(), days] as const,
  /** the withdrawals queue, every page and every single one: withdrawal events refresh them (app/providers/realtime-events.ts) */
  allWithdrawals: () => [...adminKeys.all, 'withdrawals'] as const,
  withdrawals: (page: number) => [...adminKeys.allWithdrawals(), 'requested', page] as const,
  withdrawal: (id: number) => [...adminKeys.allWithdrawals(), 'one', id] as const,
  conversationLists: () => [...adminKeys.all, 'conversations'] as const,
  /** the support desk's list, with its URL filters */
  conversations: <Filters extends object>(filters: Filters) => [...adminKeys.conversationLists(), filters] as const,
  disputes: () => [...transactionKeys.all, 'admin-disputes'] as const,
  evidence: (transactionId: number) => [...transactionKeys.all, 'admin-evidence', transactionId] as const,
  /** /admin/moderation's lists, with its URL search */
  moderation: () => [...adminKeys.all, 'moderation'] as const,
  moderationUsers: () => [...adminKeys.moderation(), 'users'] as const,
  moderationUserList: <Search extends object>(search: Search) => [...adminKeys.moderationUsers(), search] as const,
  moderationListings: () => [...adminKeys.moderation(), 'listings'] as const,
  moderationListingList: <Search extends object>(search: Search) => [...adminKeys.moderationListings(), search] as const,
  /** the payment monitor: live events refetch everything under it */
  paymentMonitor: () => [...adminKeys.all, 'payment-monitor'] as const,
  monitorOrders: (query: AdminOrderQuery) => [...adminKeys.paymentMonitor(), 'orders', query] as const,
  monitorDeals: (query: AdminDealQuery) => [...adminKeys.paymentMonitor(), 'transactions', query] as const,
  monitorSummary: () => [...adminKeys.paymentMonitor(), 'summary'] as const,
  /** messages sent through the contact form */
  contact: () => [...adminKeys.all, 'contact'] as const,
  contactList: (page: number) => [...adminKeys.contact(), page] as const,
  /** the blog as the editor sees it, drafts included (the public blog is blogKeys) */
  blog: () => [...adminKeys.all, 'blog'] as const,
  blogList: (page: number) => [...adminKeys.blog(), 'list', page] as const,
  blogDetail: (id: number) => [...adminKeys.blog(), 'detail', id] as const,
  blogPreview: (body: string) => [...adminKeys.blog(), 'preview', body] as const,
  settings: () => [...adminKeys.all, 'settings'] as const,
  /** the audit log: the admin writes it records refresh it */
  audit: () => [...adminKeys.all, 'audit'] as const,
  auditList: (query: AuditQuery) => [...adminKeys.audit(), query] as const,
  handoverSteps: () => [...adminKeys.all, 'handover-steps'] as const,
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
  report: () => [...diagnosticKeys.all, 'report'] as const,
}

/** The email outbox and the email check (admin tools). */
export const emailKeys = {
  all: ['email'] as const,
  outbox: () => [...emailKeys.all, 'outbox'] as const,
  diagnostic: () => [...emailKeys.all, 'diagnostic'] as const,
}

/**
 * GET /api/site (the maintenance banner): every page's layout reads `all` itself, and the admin settings screen
 * refreshes it. The trading terms sit under it so that the same save refreshes them too.
 */
export const siteKeys = {
  all: ['site'] as const,
  /** GET /api/site/trading: the fee, countdowns and reservation time the pages quote */
  trading: () => [...siteKeys.all, 'trading'] as const,
}
