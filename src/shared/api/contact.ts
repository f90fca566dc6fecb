import { z } from 'zod'
import { visibleText } from '../text'
import { formatInteger } from '../format'

/** The contact form: what a visitor sends, and what admins read. */

export const CONTACT_RULES = { nameMax: 100, emailMax: 254, subjectMin: 3, subjectMax: 150, messageMin: 20, messageMax: 5_000 } as const

export const CONTACT_PAGE_SIZE = 25

export const CONTACT_MESSAGES = {
  name: 'Please enter your name',
  nameLong: `Your name is at most ${CONTACT_RULES.nameMax} characters`,
  email: 'Please enter a valid email address',
  subject: `The subject needs at least ${CONTACT_RULES.subjectMin} characters`,
  subjectLong: `The subject is at most ${CONTACT_RULES.subjectMax} characters`,
  message: `Please write at least ${CONTACT_RULES.messageMin} characters so we can help`,
  messageLong: `The message is at most ${formatInteger(CONTACT_RULES.messageMax)} characters`,
  tooMany: 'Too many messages.',
  sent: 'Thanks — your message is with our team. We answer by email, usually within one working day.',
} as const

const text = visibleText

export const contactMessageSchema = z.strictObject({
  name: text(1, CONTACT_RULES.nameMax, CONTACT_MESSAGES.name, CONTACT_MESSAGES.nameLong),
  email: z.string({ error: CONTACT_MESSAGES.email }).trim().max(CONTACT_RULES.emailMax, CONTACT_MESSAGES.email).pipe(z.email(CONTACT_MESSAGES.email)),
  subject: text(CONTACT_RULES.subjectMin, CONTACT_RULES.subjectMax, CONTACT_MESSAGES.subject, CONTACT_MESSAGES.subjectLong),
  message: text(CONTACT_RULES.messageMin, CONTACT_RULES.messageMax, CONTACT_MESSAGES.message, CONTACT_MESSAGES.messageLong),
})
export type ContactMessageInput = z.input<typeof contactMessageSchema>

/** POST /api/contact answers 201 with this. */
export const contactReceiptSchema = z.object({ id: z.number().int(), message: z.string() })

export const contactListQuerySchema = z.strictObject({
  page: z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page starts at 1').max(100_000).default(1),
})
export type ContactListQuery = z.infer<typeof contactListQuerySchema>

/** GET /api/admin/contact: newest first; the total goes out as X-Total-Count. */
export const contactMessageListSchema = z.array(
  z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
    /** the sender's account when they were signed in */
    user: z.object({ id: z.number().int(), username: z.string() }).nullable(),
    createdAt: z.iso.datetime(),
  }),
)
export type ContactMessageDto = z.infer<typeof contactMessageListSchema>[number]
