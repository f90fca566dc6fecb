import { z } from 'zod'
import { CHAT_ROLES, messageDtoSchema } from '../api/conversations'
import { notificationDtoSchema } from '../api/notifications'
import { PAYMENT_ORDER_STATUSES, WITHDRAWAL_STATUSES } from '../api/payments'

/**
 * Every WebSocket message, both directions, as one discriminated union each (SPEC §7).
 * Later modules tighten the payloads of their own events here.
 */

const id = z.number().int()

// ---- client → server
export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('authenticate'), userId: id }),
  z.object({ type: z.literal('typing'), conversationId: id }),
  z.object({ type: z.literal('stop_typing'), conversationId: id }),
  /**
   * A chat message over the socket, with the rules of POST /api/conversations/{id}/messages (content and
   * clientId are checked there, so a bad one gets an answer). Answered by message_sent or send_message_error,
   * both carrying the clientId.
   */
  z.object({ type: z.literal('send_message'), conversationId: id, content: z.string(), clientId: z.string() }),
])
export type ClientMessage = z.infer<typeof clientMessageSchema>

// ---- server → client

/**
 * What an admin alert is about, each with its own switch in the desktop app: a payment past the payment monitor's
 * stuck threshold, a dispute opened, a withdrawal requested, a listing submitted or sent back for review.
 */
export const ADMIN_ALERT_KINDS = ['stuck_payment', 'dispute', 'withdrawal', 'listing_review'] as const
export type AdminAlertKind = (typeof ADMIN_ALERT_KINDS)[number]

export const serverEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('authenticated'), userId: id }),
  z.object({ type: z.literal('auth_error'), message: z.string() }),
  z.object({ type: z.literal('user_online'), userId: id }),
  z.object({ type: z.literal('user_offline'), userId: id }),
  z.object({ type: z.literal('online_users_list'), userIds: z.array(id) }),
  /**
   * The user's sessions were ended (a ban, a deleted account, a password changed on another device, signed out from
   * the list of sessions in the settings): sent to every socket of those sessions on every instance, which then closes
   * them with 4001 at once rather than at the next heartbeat.
   */
  z.object({ type: z.literal('session_ended'), reason: z.enum(['banned', 'deleted', 'password_changed', 'signed_out']) }),
  /** The user changed their own settings (picture, email, preferences) in another tab or device: read them again. */
  z.object({ type: z.literal('account_updated') }),
  // chat
  // chat (docs/decisions.md, "Chat"): userId is 999 when an admin acts
  z.object({ type: z.literal('new_message'), conversationId: id, message: messageDtoSchema }),
  z.object({ type: z.literal('message_sent'), conversationId: id, message: messageDtoSchema, clientId: z.string().optional() }),
  /**
   * A system line rewritten in place (a deal's handover checklist progress), to every member: open threads replace
   * the line they hold with this one; one not loaded is left for its page to bring.
   */
  z.object({ type: z.literal('message_updated'), conversationId: id, message: messageDtoSchema }),
  z.object({ type: z.literal('user_typing'), conversationId: id, userId: id }),
  z.object({ type: z.literal('user_stopped_typing'), conversationId: id, userId: id }),
  z.object({ type: z.literal('messages_read'), conversationId: id, userId: id, userRole: z.enum(CHAT_ROLES) }),
  /** the newest message the reader has now read */
  z.object({ type: z.literal('message_read'), conversationId: id, messageId: id, userId: id }),
  z.object({ type: z.literal('MESSAGE_READ_UPDATE'), messageId: id, userId: id, userRole: z.enum(CHAT_ROLES), conversationId: id.optional() }),
  /** a socket's send_message refused, to that socket only: the code and message the REST send would answer */
  z.object({
    type: z.literal('send_message_error'),
    conversationId: id,
    clientId: z.string(),
    code: z.string(),
    message: z.string(),
    /** when rate limited: seconds until a send is accepted again */
    retryAfterSeconds: z.number().int().optional(),
  }),
  // payments and transactions
  z.object({ type: z.literal('payment_completed'), redirect_to_chat: z.boolean(), conversationId: id.optional(), transactionId: id.optional() }),
  z.object({ type: z.literal('transaction_created'), transactionId: id }),
  z.object({ type: z.literal('transaction_updated'), transactionId: id, status: z.string().optional() }),
  z.object({ type: z.literal('transaction_update'), transactionId: id, status: z.string().optional() }),
  z.object({ type: z.literal('TRANSACTION_CANCELLED'), transactionId: id }),
  /** to admins (999): a payment order was opened or changed status; open payment monitors refetch */
  z.object({ type: z.literal('payment_monitor_update'), orderId: z.string(), status: z.enum(PAYMENT_ORDER_STATUSES) }),
  /** to admins (999): a withdrawal was requested or decided; the withdrawals queue and the dashboard's figures refetch */
  z.object({ type: z.literal('withdrawal_queue_update'), withdrawalId: id, status: z.enum(WITHDRAWAL_STATUSES) }),
  /**
   * to admins (999), once per occurrence: something now waits for an admin. `subjectId` names it (the payment order,
   * the deal, the withdrawal, the listing); title and body are the notification's text, the screen follows from `kind`.
   */
  z.object({
    type: z.literal('admin_alert'),
    kind: z.enum(ADMIN_ALERT_KINDS),
    subjectId: z.string().max(64),
    title: z.string().max(200),
    body: z.string().max(500),
  }),
  // listings
  z.object({ type: z.literal('listing_created'), accountId: id }),
  z.object({ type: z.literal('listing_updated'), accountId: id }),
  z.object({ type: z.literal('listing_purchased'), accountId: id }),
  z.object({
    type: z.literal('listing_update'),
    accountId: id,
    listingStatus: z.enum(['sold', 'available']),
    transactionId: id.optional(),
    buyerId: id.optional(),
    sellerId: id.optional(),
  }),
  z.object({ type: z.literal('LISTING_REACTIVATED'), accountId: id }),
  z.object({ type: z.literal('account_status_updated'), accountId: id, isActive: z.boolean() }),
  // notifications and balance
  z.object({ type: z.literal('new_notification'), notification: notificationDtoSchema }),
  z.object({ type: z.literal('notification_read_all'), unreadCount: z.number().int() }),
  /** one notification marked read in another tab or window (not in the spec's list: its other tabs must hear it too) */
  z.object({ type: z.literal('notification_read'), notificationId: id, unreadCount: z.number().int() }),
  z.object({ type: z.literal('balance_updated'), balance: z.string() }),
])
export type ServerEvent = z.infer<typeof serverEventSchema>
export type ServerEventType = ServerEvent['type']
