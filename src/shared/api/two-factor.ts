import { z } from 'zod'

/** Two-factor sign-in: an authenticator app (TOTP, RFC 6238), passkeys, and one-time recovery codes. */
export const TWO_FACTOR_MESSAGES = {
  codeFormat: 'Enter the 6-digit code from your authenticator app',
  recoveryFormat: 'Enter one of your recovery codes (10 letters and digits)',
  invalidCode: 'That code is not right, or it was already used. Codes change every 30 seconds.',
  invalidRecoveryCode: 'That recovery code is not right, or it was already used',
  alreadyOn: 'Two-factor sign-in with an authenticator app is already on',
  notSetUp: 'Start the set-up again: no authenticator app is waiting to be confirmed',
  notOn: 'Two-factor sign-in with an authenticator app is not on',
  noPendingSignIn: 'Your sign-in has expired. Please enter your password again.',
  required: 'Confirm it is you: enter a code from your authenticator app, a recovery code, or use a passkey.',
  enrolmentRequired: 'Admins must turn on two-factor sign-in before the admin area opens.',
  tooManyAttempts: 'Too many wrong codes.',
  adminKeepsTwoFactor: 'Admins keep two-factor sign-in on: add a passkey before turning the authenticator app off.',
  adminKeepsLastPasskey: 'Admins keep two-factor sign-in on: set up the authenticator app or add another passkey before removing this one.',
} as const

/** Error codes clients act on: a step-up to ask for, an admin who must enrol first. */
export const TWO_FACTOR_REQUIRED = 'two_factor_required'
export const TWO_FACTOR_ENROLMENT_REQUIRED = 'two_factor_enrolment_required'

/** A second factor keeps counting as fresh for this long: money and identity changes within it ask nothing more. */
export const STEP_UP_WINDOW_MS = 5 * 60_000
/** Between the password and the second factor: a sign-in left half-done for longer starts again. */
export const PENDING_SIGN_IN_MS = 5 * 60_000
export const RECOVERY_CODE_COUNT = 10

export const TWO_FACTOR_METHODS = ['totp', 'webauthn', 'recovery'] as const
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number]

/** Spaces and dashes are what apps print between digit groups; anything else is refused. */
export const totpCodeSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.codeFormat })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.codeFormat))

/** Recovery codes are shown as `xxxxx-xxxxx`; case, spaces and the dash do not matter when typed back. */
export const recoveryCodeSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.recoveryFormat })
  .transform((v) => v.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, TWO_FACTOR_MESSAGES.recoveryFormat))

export const totpSetupResponseSchema = z.object({ secret: z.string(), otpauthUri: z.string() })
export type TotpSetupResponse = z.infer<typeof totpSetupResponseSchema>

export const totpEnableRequestSchema = z.object({ code: totpCodeSchema })
export const recoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()) })
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>

/** Turning the authenticator app off: the password and a code (from the app, or a recovery code). */
export const twoFactorDisableRequestSchema = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128, 'Password must be at most 128 characters'),
  code: z.string({ error: TWO_FACTOR_MESSAGES.codeFormat }).trim().min(1, TWO_FACTOR_MESSAGES.codeFormat).max(32, TWO_FACTOR_MESSAGES.codeFormat),
})

/** A second factor typed in: a code from the app, or a recovery code (one of the two). */
export const secondFactorRequestSchema = z.union(
  [z.object({ code: totpCodeSchema }).strict(), z.object({ recoveryCode: recoveryCodeSchema }).strict()],
  {
    error: TWO_FACTOR_MESSAGES.codeFormat,
  },
)
export type SecondFactorRequest = z.infer<typeof secondFactorRequestSchema>

/** POST /api/auth/login's answer for an account with two-factor on: no session yet, the methods it may finish with. */
export const twoFactorChallengeSchema = z.object({ requiresTwoFactor: z.literal(true), methods: z.array(z.enum(TWO_FACTOR_METHODS)) })
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>

/** GET /api/auth/2fa: what protects the signed-in account. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  since: z.string().nullable(),
  totp: z.boolean(),
  passkeys: z.number(),
  recoveryCodesLeft: z.number(),
  /** when the last second factor of this session was checked; a step-up is fresh for STEP_UP_WINDOW_MS after it */
  verifiedAt: z.string().nullable(),
})
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>

export const stepUpResponseSchema = z.object({ success: z.literal(true), verifiedAt: z.string() })
