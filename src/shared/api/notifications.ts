import { z } from 'zod'

/** Every notification type of SPEC §3, plus the chat ones the dropdown leaves out. */
export const NOTIFICATION_TYPES = [
  'transaction_created',
  'transaction_updated',
  'transaction_completed',
  'escrow_payment_received',
  'escrow_payment_released',
  'buyer_confirmed_payment',
  'balance_updated',
  'balance_update',
  'refund_processed',
  'account_deleted',
  'listing_removed',
  'account_verified',
  'listing_approved',
  'user_banned',
  'listing_suspended',
  'violation_detected',
  'user_unbanned',
  'listing_restored',
  'new_message',
  'message_received',
] as const
export type NotificationType = (typeof NOTIFICATION_TYPES)[number]

/** Types never shown in the header dropdown (SPEC §3). */
export const CHAT_NOTIFICATION_TYPES: readonly NotificationType[] = ['new_message', 'message_received']

export const notificationDataSchema = z
  .object({
    type: z.string().optional(),
    banReason: z.string().optional(),
    accountId: z.number().int().optional(),
    transactionId: z.number().int().optional(),
    conversationId: z.number().int().optional(),
    reason: z.string().optional(),
  })
  .catchall(z.unknown())

export const notificationDtoSchema = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.iso.datetime(),
  data: notificationDataSchema,
})
export type NotificationDto = z.infer<typeof notificationDtoSchema>

export const notificationListSchema = z.array(notificationDtoSchema)
export const unreadCountSchema = z.object({ count: z.number().int() })

/** GET /api/notifications?limit= (default 50, max 100) newest first; unreadOnly=true filters. */
export const NOTIFICATION_LIST_LIMIT = { default: 50, max: 100 } as const

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${NOTIFICATION_LIST_LIMIT.max}`

/** Query of GET /api/notifications; a malformed parameter is a 400, never silently ignored. */
export const notificationListQuerySchema = z.object({
  limit: z
    .string({ error: LIMIT_MESSAGE })
    .regex(/^\d{1,3}$/, LIMIT_MESSAGE)
    .transform(Number)
    .refine((n) => n >= 1 && n <= NOTIFICATION_LIST_LIMIT.max, LIMIT_MESSAGE)
    .default(NOTIFICATION_LIST_LIMIT.default),
  unreadOnly: z
    .enum(['true', 'false'], { error: 'unreadOnly must be true or false' })
    .transform((v) => v === 'true')
    .default(false),
})

/** PATCH /api/notifications/read-all answers how many changed; the unread count is then 0. */
export const markAllReadResultSchema = z.object({ updated: z.number().int(), unreadCount: z.literal(0) })
