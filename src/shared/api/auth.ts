import { z } from 'zod'
import { USERNAME_MAX, USERNAME_MIN, VERIFICATION_CODE_LENGTH } from '../constants'

/** Validation messages are exactly those of SPEC §5; the server returns them as `{message}` too. */
export const AUTH_MESSAGES = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  usernameShort: `Username must be at least ${USERNAME_MIN} characters`,
  usernameLong: `Username must be at most ${USERNAME_MAX} characters`,
  usernameChars: 'Username may contain only letters, digits, dots, dashes and underscores',
  invalidEmail: 'Invalid email address',
  passwordsDontMatch: "Passwords don't match",
  codeLength: 'Verification code must be 6 digits',
  passwordLong: 'Password must be at most 128 characters',
  passwordShort: 'Password must be at least 8 characters',
  passwordCommon: 'This password is one of the most common ones and easy to guess. Please choose another.',
  passwordPersonal: 'Your password must not be your username or email address',
  invalidCredentials: 'Invalid username or password',
  invalidCode: 'Invalid or expired verification code',
  tooManyAttempts: 'Too many attempts. Please request a new code.',
  usernameTaken: 'Username is already taken',
  emailTaken: 'An account with this email already exists',
  resendTooSoon: 'Please wait before requesting another code',
  noPendingSignup: 'No pending sign-up for this email. Please sign up again.',
  invalidResetToken: 'This reset link is invalid or has expired',
  banned: 'This account has been banned',
  notAnAdmin: 'This account has no admin rights',
  accountLocked: 'This account is locked after too many failed sign-ins. We emailed its owner a link to unlock it.',
  invalidUnlockToken:
    'This unlock link is invalid, has expired or was already used. Sign in to get a new one emailed if the account is still locked.',
} as const

/** Failed passwords per account (any name it is typed as, from any address) before sign-in locks (423). */
export const SIGN_IN_LOCK = { failures: 10, windowMinutes: 15, unlockLinkMinutes: 60 } as const

/** ASVS: at least 8 characters, and at least 64 allowed; the server also refuses common passwords. */
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128

export const loginRequestSchema = z.object({
  username: z
    .string({ error: AUTH_MESSAGES.usernameRequired })
    .trim()
    .min(1, AUTH_MESSAGES.usernameRequired)
    .max(254, AUTH_MESSAGES.invalidCredentials),
  password: z.string({ error: AUTH_MESSAGES.passwordRequired }).min(1, AUTH_MESSAGES.passwordRequired).max(PASSWORD_MAX, AUTH_MESSAGES.passwordLong),
})
export type LoginRequest = z.infer<typeof loginRequestSchema>

export const usernameSchema = z
  .string({ error: AUTH_MESSAGES.usernameShort })
  .trim()
  .min(USERNAME_MIN, AUTH_MESSAGES.usernameShort)
  .max(USERNAME_MAX, AUTH_MESSAGES.usernameLong)
  .regex(/^[A-Za-z0-9._-]+$/, AUTH_MESSAGES.usernameChars)

export const emailSchema = z
  .string({ error: AUTH_MESSAGES.invalidEmail })
  .trim()
  .max(254, AUTH_MESSAGES.invalidEmail)
  .pipe(z.email({ error: AUTH_MESSAGES.invalidEmail }))

/**
 * A password being chosen in the settings or by a reset link: the length rule, checked as it is typed. The server
 * checks more (server/modules/auth/password-policy.ts): common passwords and the owner's own names.
 */
export const newPasswordSchema = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, AUTH_MESSAGES.passwordRequired)
  .min(PASSWORD_MIN, AUTH_MESSAGES.passwordShort)
  .max(PASSWORD_MAX, AUTH_MESSAGES.passwordLong)

/** Sign-up's form shows no strength rule (SPEC §5): the server's answer names what is wrong with the password. */
const signupPasswordSchema = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, AUTH_MESSAGES.passwordRequired)
  .max(PASSWORD_MAX, AUTH_MESSAGES.passwordLong)

export const signupRequestSchema = z
  .object({
    username: usernameSchema,
    email: emailSchema,
    password: signupPasswordSchema,
    confirmPassword: z.string({ error: AUTH_MESSAGES.passwordsDontMatch }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  })
export type SignupRequest = z.infer<typeof signupRequestSchema>

export const signupResponseSchema = z.object({ requiresVerification: z.literal(true), email: z.string() })
export type SignupResponse = z.infer<typeof signupResponseSchema>

/** Non-digits are stripped before the length check (SPEC §5). */
export const verificationCodeSchema = z
  .string({ error: AUTH_MESSAGES.codeLength })
  .transform((v) => v.replace(/\D/g, ''))
  .pipe(z.string().length(VERIFICATION_CODE_LENGTH, AUTH_MESSAGES.codeLength))

export const verifyEmailRequestSchema = z.object({ email: emailSchema, code: verificationCodeSchema })
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>

export const resendVerificationRequestSchema = z.object({ email: emailSchema })
export const resendVerificationResponseSchema = z.object({ success: z.literal(true), message: z.string(), retryAfterSeconds: z.number() })

export const currentUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  avatar: z.string().nullable(),
  balance: z.string(),
})
export type CurrentUser = z.infer<typeof currentUserSchema>

export const adminMeResponseSchema = z.object({
  user: currentUserSchema.extend({ isAdmin: z.boolean(), twoFactorEnabled: z.boolean() }),
})
export type AdminMeResponse = z.infer<typeof adminMeResponseSchema>

export const authSuccessSchema = z.object({ success: z.literal(true), user: currentUserSchema })
export type AuthSuccess = z.infer<typeof authSuccessSchema>

/** Password recovery: the same answer whether or not the email exists. */
export const forgotPasswordRequestSchema = z.object({ email: emailSchema })
export const FORGOT_PASSWORD_ANSWER = 'If an account exists for this email, a reset link has been sent.'

export const resetPasswordRequestSchema = z
  .object({
    token: z.string().min(10, AUTH_MESSAGES.invalidResetToken).max(200, AUTH_MESSAGES.invalidResetToken),
    password: newPasswordSchema,
    confirmPassword: z.string({ error: AUTH_MESSAGES.passwordsDontMatch }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  })

export const messageResponseSchema = z.object({ success: z.literal(true), message: z.string() })

/** The emailed link that lifts a sign-in lock: its token, as the reset link's. */
export const unlockAccountRequestSchema = z.object({
  token: z.string({ error: AUTH_MESSAGES.invalidUnlockToken }).min(10, AUTH_MESSAGES.invalidUnlockToken).max(200, AUTH_MESSAGES.invalidUnlockToken),
})
export const ACCOUNT_UNLOCKED_ANSWER = 'Your account is unlocked. You can sign in again.'
