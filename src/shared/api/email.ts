import { z } from 'zod'
import { DIAGNOSTIC_STATUSES } from './diagnostics'

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

/**
 * GET /api/email/diagnostic — the email component of GET /api/diagnostic: SMTP verify when SMTP_URL is set, else the
 * outbox table (503 when it fails). Admins get what the check found and its latency; others a generic message.
 */
export const emailDiagnosticSchema = z.object({
  transport: z.enum(['smtp', 'outbox']),
  ok: z.boolean(),
  status: z.enum(DIAGNOSTIC_STATUSES),
  message: z.string(),
  latencyMs: z.number().optional(),
})
export type EmailDiagnostic = z.infer<typeof emailDiagnosticSchema>
