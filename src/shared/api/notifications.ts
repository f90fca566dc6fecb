import { z } from 'zod'

/** Every notification type of SPEC §3, plus the chat ones the dropdown leaves out and the account's security notices. */
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
  'account_locked',
  'new_sign_in',
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

/** GET /api/notifications pages, newest first; the total is sent as X-Total-Count. */
export const NOTIFICATION_PAGE = { defaultSize: 20, maxSize: 100, maxPage: 100_000 } as const

const isNotificationType = (value: string): value is NotificationType => (NOTIFICATION_TYPES as readonly string[]).includes(value)

/** One query parameter, given once: a repeated one is a 400 rather than a guess at which was meant. */
function single(name: string) {
  return z.string({ error: `${name} must be given once` }).optional()
}

function wholeNumber(name: string, max: number, fallback: number) {
  const message = `${name} must be a whole number from 1 to ${max}`
  return single(name).transform((raw, ctx) => {
    if (raw === undefined || raw.trim() === '') return fallback
    const n = /^\d{1,9}$/.test(raw.trim()) ? Number(raw.trim()) : NaN
    if (n >= 1 && n <= max) return n
    ctx.addIssue({ code: 'custom', message })
    return z.NEVER
  })
}

/** Comma-separated notification types ("balance_updated,balance_update"); an unknown one is named in the 400. */
function typeList(name: string) {
  return single(name).transform((raw, ctx) => {
    const types = (raw ?? '')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean)
    const unknown = types.find((t) => !isNotificationType(t))
    if (unknown === undefined) return [...new Set(types)] as NotificationType[]
    ctx.addIssue({ code: 'custom', message: `${name}: unknown notification type "${unknown.slice(0, 40)}"` })
    return z.NEVER
  })
}

/**
 * Query of GET /api/notifications: `page` and `pageSize` (default 20, at most 100), `type` (only these types),
 * `exclude` (not these; the header leaves the chat types out), `unreadOnly=true`. A malformed parameter is a 400.
 */
export const notificationListQuerySchema = z.object({
  page: wholeNumber('page', NOTIFICATION_PAGE.maxPage, 1),
  pageSize: wholeNumber('pageSize', NOTIFICATION_PAGE.maxSize, NOTIFICATION_PAGE.defaultSize),
  type: typeList('type'),
  exclude: typeList('exclude'),
  unreadOnly: z
    .enum(['true', 'false'], { error: 'unreadOnly must be true or false' })
    .transform((v) => v === 'true')
    .default(false),
})
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>

/** PATCH /api/notifications/read-all answers how many changed; the unread count is then 0. */
export const markAllReadResultSchema = z.object({ updated: z.number().int(), unreadCount: z.literal(0) })
