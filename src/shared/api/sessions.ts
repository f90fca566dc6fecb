import { z } from 'zod'

/**
 * "Where you're signed in" (`/api/auth/sessions`, a card of the /settings screen): the browsers and devices the user
 * is signed in on, and signing them out one by one or all but this one.
 */

export const SESSION_MESSAGES = {
  /** another user's session, an unknown one and a malformed id get the same answer: it never says which */
  notFound: 'Session not found',
} as const

/** The public id a session is named by (never its stored id, a hash of its cookie's key). */
export const sessionIdSchema = z.uuid().describe('the id GET /api/auth/sessions gives the session')

export const signedInSessionSchema = z.object({
  id: sessionIdSchema,
  /** the session that asks: this browser */
  current: z.boolean(),
  /** "Chrome on Windows", read from the user agent; "Unknown device" when it says nothing we know */
  device: z.string(),
  userAgent: z.string().nullable(),
  /** the address it was last used from, a rough idea of where it is */
  ip: z.string().nullable(),
  /** the sign-in */
  createdAt: z.iso.datetime(),
  /** its last request, to the minute; null until it makes one after signing in */
  lastSeenAt: z.iso.datetime().nullable(),
})
export type SignedInSession = z.infer<typeof signedInSessionSchema>

/** GET /api/auth/sessions: the user's unexpired sessions, the most recently used first. */
export const signedInSessionListSchema = z.array(signedInSessionSchema)

/** POST /api/auth/sessions/sign-out-others: how many other sessions were signed out. */
export const otherSessionsEndedSchema = z.object({ ended: z.int().min(0) })
export type OtherSessionsEnded = z.infer<typeof otherSessionsEndedSchema>
