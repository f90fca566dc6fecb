import { CHAT_NOTIFICATION_TYPES, NOTIFICATION_TYPES, type NotificationDto, type NotificationType } from '@shared/api/notifications'
import { paths } from '@/config/paths'

/** What the header bell and the /notifications page both say about a notification. */

export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  transaction_created: 'Transaction created',
  transaction_updated: 'Transaction updated',
  transaction_completed: 'Transaction completed',
  escrow_payment_received: 'Escrow payment received',
  escrow_payment_released: 'Escrow payment released',
  buyer_confirmed_payment: 'Buyer confirmed payment',
  balance_updated: 'Balance updated',
  balance_update: 'Balance updated',
  refund_processed: 'Refund processed',
  account_deleted: 'Account deleted',
  listing_removed: 'Listing removed',
  account_verified: 'Account verified',
  listing_approved: 'Listing approved',
  user_banned: 'Account banned',
  listing_suspended: 'Listing suspended',
  violation_detected: 'Violation detected',
  user_unbanned: 'Account unbanned',
  listing_restored: 'Listing restored',
  new_message: 'New message',
  message_received: 'Message received',
  account_locked: 'Sign-in locked',
  new_sign_in: 'New sign-in',
}

/** Types the server writes under two spellings (SPEC §3): one filter choice asks for both. */
const ALIASES: Partial<Record<NotificationType, readonly NotificationType[]>> = {
  balance_updated: ['balance_updated', 'balance_update'],
}

/** The second spellings, each asked for through the choice it is an alias of. */
const ALIAS_SPELLINGS: ReadonlySet<NotificationType> = new Set(
  Object.entries(ALIASES).flatMap(([type, spellings]) => spellings.filter((spelling) => spelling !== type)),
)

/**
 * The type filter's choices, taken from the shared list of every type the server sends so a new type is offered
 * at once: each type once, `balance_update` folded into `balance_updated`.
 */
export const NOTIFICATION_FILTER_TYPES: readonly NotificationType[] = NOTIFICATION_TYPES.filter((type) => !ALIAS_SPELLINGS.has(type))

/** The types one filter choice stands for. */
export function typesForFilter(type: NotificationType): NotificationType[] {
  return [...(ALIASES[type] ?? [type])]
}

export function isChatNotification(type: NotificationType): boolean {
  return CHAT_NOTIFICATION_TYPES.includes(type)
}

const BALANCE_TYPES: ReadonlySet<NotificationType> = new Set(['balance_updated', 'balance_update', 'refund_processed'])
/** the account's security: Settings has the password, two-factor and where the account is signed in */
const SECURITY_TYPES: ReadonlySet<NotificationType> = new Set(['account_locked', 'new_sign_in'])

/**
 * The page a notification is about, when its data names one: the conversation for chat, the deal for
 * money and transactions, the listing otherwise; a balance change without a deal goes to /balance, a security
 * notice to /settings.
 */
export function notificationTarget(notification: Pick<NotificationDto, 'type' | 'data'>): string | null {
  const { conversationId, transactionId, accountId } = notification.data
  if (isChatNotification(notification.type)) return conversationId === undefined ? paths.messages : paths.chat(conversationId)
  if (transactionId !== undefined) return paths.transaction(transactionId)
  if (BALANCE_TYPES.has(notification.type)) return paths.balance
  if (SECURITY_TYPES.has(notification.type)) return paths.settings
  if (accountId !== undefined) return paths.listing(accountId)
  if (conversationId !== undefined) return paths.chat(conversationId)
  return null
}

/** The ban reason, shown only for user_banned (SPEC §3). */
export function banReasonOf(notification: Pick<NotificationDto, 'type' | 'data'>): string | null {
  if (notification.type !== 'user_banned') return null
  const reason = notification.data.banReason?.trim()
  return reason ? reason : null
}

/** The header dropdown's items: the newest few, chat types left out (SPEC §3, §9). */
export function dropdownNotifications(items: readonly NotificationDto[], max: number): NotificationDto[] {
  return items.filter((n) => !isChatNotification(n.type)).slice(0, max)
}
