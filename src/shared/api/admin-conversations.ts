import { z } from 'zod'
import { conversationDtoSchema } from './conversations'
import { TRANSACTION_STATUSES } from './transactions'

/**
 * The support desk's list of every conversation (SPEC §6 admin chats). Kept apart from the chat contract so
 * the pages that load chat schemas do not carry the admin's.
 */

/** GET /api/admin/conversations: newest activity first, this many a page; the total comes as X-Total-Count. */
export const ADMIN_CONVERSATIONS_PAGE_SIZE = 25
export const ADMIN_CONVERSATION_SEARCH_MAX = 100

const flagParam = (name: string) =>
  z
    .enum(['true', 'false'], { error: `${name} must be true or false` })
    .transform((v) => v === 'true')
    .default(false)

const PAGE_MESSAGE = 'page must be a whole number from 1'

/**
 * `q` finds a party's username, the listing's handle or display name, or a deal (ACC-12) or conversation (#12)
 * number; `deal` keeps conversations with a deal, `disputed` those whose deal is in dispute, `unread` those with
 * messages no admin has read.
 */
export const adminConversationQuerySchema = z.object({
  q: z
    .string({ error: 'q must be text' })
    .trim()
    .max(ADMIN_CONVERSATION_SEARCH_MAX, `q is at most ${ADMIN_CONVERSATION_SEARCH_MAX} characters`)
    .optional(),
  deal: flagParam('deal'),
  disputed: flagParam('disputed'),
  unread: flagParam('unread'),
  page: z
    .string({ error: PAGE_MESSAGE })
    .regex(/^\d{1,6}$/, PAGE_MESSAGE)
    .transform(Number)
    .refine((n) => n >= 1, PAGE_MESSAGE)
    .default(1),
})
export type AdminConversationQuery = z.infer<typeof adminConversationQuerySchema>

/** A conversation as support sees it (role admin; unreadCount counts what no admin has read) with its deal. */
export const adminConversationSchema = conversationDtoSchema.extend({
  deal: z
    .object({
      id: z.number().int(),
      displayId: z.string(),
      status: z.enum(TRANSACTION_STATUSES),
    })
    .nullable(),
})
export type AdminConversationDto = z.infer<typeof adminConversationSchema>
export const adminConversationListSchema = z.array(adminConversationSchema)
