import { z } from 'zod'

/**
 * GET /api/diagnostic: real checks of what the site runs on, read by monitors, the /crypto/diagnostic screen and
 * admins. Everyone gets the overall status and each component's name and status; admins also get what each check
 * found (mode, host, error), how long it took and which build runs. 200 while every required component works,
 * 503 when one is down.
 */

export const DIAGNOSTIC_STATUSES = ['ok', 'degraded', 'down'] as const
export type DiagnosticStatus = (typeof DIAGNOSTIC_STATUSES)[number]

/** Redis is listed only where REDIS_URL is set. */
export const DIAGNOSTIC_COMPONENTS = ['database', 'redis', 'email', 'payments', 'crypto'] as const
export type DiagnosticComponentName = (typeof DIAGNOSTIC_COMPONENTS)[number]

/** The server's own cryptography the product relies on, each checked against a known answer. */
export const CRYPTO_PRIMITIVES = ['random', 'sha256', 'hmac-sha256', 'timing-safe-compare', 'argon2id'] as const
export type CryptoPrimitive = (typeof CRYPTO_PRIMITIVES)[number]

/** What an admin sees of one check beyond its status. */
const adminDetail = {
  /** what the check found: the mode, the address it asked, or the error */
  message: z.string().optional(),
  /** milliseconds the check took */
  latencyMs: z.number().nonnegative().optional(),
}

export const diagnosticPartSchema = z.object({
  name: z.enum(CRYPTO_PRIMITIVES),
  status: z.enum(DIAGNOSTIC_STATUSES),
  ...adminDetail,
})
export type DiagnosticPart = z.infer<typeof diagnosticPartSchema>

export const diagnosticComponentSchema = z.object({
  name: z.enum(DIAGNOSTIC_COMPONENTS),
  status: z.enum(DIAGNOSTIC_STATUSES),
  /** the crypto component's checks, one per primitive */
  parts: z.array(diagnosticPartSchema).optional(),
  /** admins only from here on */
  required: z.boolean().optional(),
  ...adminDetail,
})
export type DiagnosticComponent = z.infer<typeof diagnosticComponentSchema>

export const diagnosticReportSchema = z.object({
  status: z.enum(DIAGNOSTIC_STATUSES),
  /** when the checks ran (ISO); visitors may get an answer up to a few seconds old */
  checkedAt: z.string(),
  components: z.array(diagnosticComponentSchema),
  /** whether the configured payment provider takes crypto: what any checkout shows, so not a secret */
  cryptoPayments: z.boolean(),
  /** admins only */
  details: z
    .object({
      provider: z.string(),
      version: z.string(),
      /** id of the website build being served, when there is one */
      build: z.string().nullable(),
      node: z.string(),
    })
    .optional(),
})
export type DiagnosticReport = z.infer<typeof diagnosticReportSchema>
