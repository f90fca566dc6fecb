import { z } from 'zod'
import { visibleText } from '../text'
import { currentPasswordSchema } from './account-settings'
import { authSuccessSchema, currentUserSchema } from './auth'

/**
 * Passkeys (WebAuthn, `/api/auth/webauthn`): a second factor after the password, a sign-in with no password at all,
 * and a step-up before money or identity changes. The browser's answers are checked here only for their shape, so
 * garbage gets a clear 400; @simplewebauthn/server checks what they say.
 */
export const WEBAUTHN_MESSAGES = {
  notVerified: 'That passkey could not be verified',
  malformed: 'That passkey answer is incomplete or damaged. Please try the passkey again.',
  name: 'Give the passkey a name (1 to 64 characters)',
  nameLong: 'A passkey name can be at most 64 characters',
  notFound: 'Passkey not found',
  alreadyAdded: 'This passkey is already added to an account',
  passwordRequired: 'Enter your password to add a passkey',
  removed: 'The passkey was removed',
} as const

export const PASSKEY_NAME_MAX = 64
/** How long a challenge the server handed out may be answered; one answer uses it up. */
export const WEBAUTHN_CHALLENGE_MS = 5 * 60_000

/** base64url, as browsers encode ids and binary fields; `max` keeps a huge string from reaching the decoder. */
const base64url = (max: number) =>
  z
    .string({ error: WEBAUTHN_MESSAGES.malformed })
    .min(1, WEBAUTHN_MESSAGES.malformed)
    .max(max, WEBAUTHN_MESSAGES.malformed)
    .regex(/^[A-Za-z0-9_-]+$/, WEBAUTHN_MESSAGES.malformed)

const credentialFields = {
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key', { error: WEBAUTHN_MESSAGES.malformed }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform'], { error: WEBAUTHN_MESSAGES.malformed }).optional(),
  clientExtensionResults: z.looseObject({}, { error: WEBAUTHN_MESSAGES.malformed }).optional(),
}

/** What `startRegistration()` of @simplewebauthn/browser hands back (the credential's `toJSON()`). */
export const registrationResponseSchema = z.looseObject(
  {
    ...credentialFields,
    response: z.looseObject(
      {
        clientDataJSON: base64url(8_000),
        attestationObject: base64url(200_000),
        authenticatorData: base64url(200_000).optional(),
        transports: z
          .array(z.string({ error: WEBAUTHN_MESSAGES.malformed }).max(32, WEBAUTHN_MESSAGES.malformed), { error: WEBAUTHN_MESSAGES.malformed })
          .max(10, WEBAUTHN_MESSAGES.malformed)
          .optional(),
        publicKeyAlgorithm: z.number({ error: WEBAUTHN_MESSAGES.malformed }).optional(),
        publicKey: base64url(8_000).optional(),
      },
      { error: WEBAUTHN_MESSAGES.malformed },
    ),
  },
  { error: WEBAUTHN_MESSAGES.malformed },
)
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>

/** What `startAuthentication()` hands back. */
export const authenticationResponseSchema = z.looseObject(
  {
    ...credentialFields,
    response: z.looseObject(
      {
        clientDataJSON: base64url(8_000),
        authenticatorData: base64url(200_000),
        signature: base64url(2_000),
        userHandle: base64url(200).optional(),
      },
      { error: WEBAUTHN_MESSAGES.malformed },
    ),
  },
  { error: WEBAUTHN_MESSAGES.malformed },
)
export type AuthenticationResponse = z.infer<typeof authenticationResponseSchema>

export const passkeyNameSchema = visibleText(1, PASSKEY_NAME_MAX, WEBAUTHN_MESSAGES.name, WEBAUTHN_MESSAGES.nameLong)

/**
 * Asking to add a passkey. With two-factor on, a fresh second factor is asked for (403 `two_factor_required`); with it
 * off, the password is, since a passkey is a way in that outlives a password reset.
 */
export const registrationOptionsRequestSchema = z.object({
  password: currentPasswordSchema.optional(),
})
export type RegistrationOptionsRequest = z.infer<typeof registrationOptionsRequestSchema>

export const registrationVerifyRequestSchema = z.object({ name: passkeyNameSchema, response: registrationResponseSchema })
export type RegistrationVerifyRequest = z.infer<typeof registrationVerifyRequestSchema>

/** A passkey sign-in through the admin form answers with the admin flag, and refuses anyone but an admin. */
export const authenticationVerifyRequestSchema = z.object({
  response: authenticationResponseSchema,
  admin: z.boolean({ error: 'admin must be true or false' }).optional(),
})
export type AuthenticationVerifyRequest = z.infer<typeof authenticationVerifyRequestSchema>

/** A passkey sign-in's answer: a plain sign-in's, with the admin flag when it came through the admin form. */
export const passkeySignInSchema = authSuccessSchema.extend({ user: currentUserSchema.extend({ isAdmin: z.literal(true).optional() }) })

export const stepUpVerifyRequestSchema = z.object({ response: authenticationResponseSchema })

export const passkeySchema = z.object({
  id: z.int(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  /** the last sign-in or step-up with it; null until it is used */
  lastUsedAt: z.iso.datetime().nullable(),
})
export type PasskeyDto = z.infer<typeof passkeySchema>
export const passkeyListSchema = z.array(passkeySchema)

/** A new passkey; with recovery codes (shown once) when it turned two-factor on, as the account now needs a way back. */
export const passkeyAddedSchema = z.object({ passkey: passkeySchema, recoveryCodes: z.array(z.string()).optional() })
export type PasskeyAdded = z.infer<typeof passkeyAddedSchema>

/** The options `startRegistration()` takes (generateRegistrationOptions' answer), as far as clients rely on them. */
export const registrationOptionsSchema = z.looseObject({
  challenge: z.string(),
  rp: z.looseObject({ id: z.string().optional(), name: z.string() }),
  user: z.looseObject({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.looseObject({ type: z.literal('public-key'), alg: z.number() })),
  timeout: z.number().optional(),
  excludeCredentials: z
    .array(z.looseObject({ id: z.string(), type: z.literal('public-key'), transports: z.array(z.string()).optional() }))
    .optional(),
  authenticatorSelection: z.looseObject({}).optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
})

/** The options `startAuthentication()` takes; no allowCredentials for a sign-in without a username. */
export const authenticationOptionsSchema = z.looseObject({
  challenge: z.string(),
  rpId: z.string().optional(),
  timeout: z.number().optional(),
  userVerification: z.enum(['required', 'preferred', 'discouraged']).optional(),
  allowCredentials: z.array(z.looseObject({ id: z.string(), type: z.literal('public-key'), transports: z.array(z.string()).optional() })).optional(),
})
