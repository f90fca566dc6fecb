import { z } from 'zod'

export const outboxMessageSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
})
export type OutboxMessage = z.infer<typeof outboxMessageSchema>

/** GET /api/email/outbox — mail kept instead of sent when no SMTP server is configured. */
export const outboxResponseSchema = z.object({
  transport: z.enum(['smtp', 'outbox']),
  messages: z.array(outboxMessageSchema),
})
export type OutboxResponse = z.infer<typeof outboxResponseSchema>

/** GET /api/email/diagnostic — a real check of the configured transport (503 when it fails). */
export const emailDiagnosticSchema = z.object({
  transport: z.enum(['smtp', 'outbox']),
  ok: z.boolean(),
  message: z.string(),
})
export type EmailDiagnostic = z.infer<typeof emailDiagnosticSchema>
