import { z } from 'zod'
import { centsToDecimalString } from '../money'
import { AUTH_MESSAGES, emailSchema, newPasswordSchema, verificationCodeSchema } from './auth'
import { PREFERENCE_MESSAGES } from './preferences'

/**
 * The signed-in user's own settings (`/api/settings/...`, the /settings screen): email, password, picture,
 * notification and sound preferences, and deleting the account. The server parses every request with these
 * schemas and the screen checks its forms with the same ones, so both give the same messages.
 */

export const ACCOUNT_RULES = {
  /** what must be typed to delete the account */
  deleteConfirmation: 'DELETE',
  /** side of the stored square picture, in pixels */
  avatarSide: 256,
  avatarMaxBytes: 5 * 1024 * 1024,
  /** decompression bombs are refused before decoding; far beyond any phone photo */
  avatarMaxPixels: 40_000_000,
  avatarTypes: ['image/jpeg', 'image/png', 'image/webp'] as const,
  /** multipart field of POST /api/settings/avatar */
  avatarField: 'avatar',
} as const

export const ACCOUNT_MESSAGES = {
  currentPassword: 'Enter your current password',
  wrongPassword: 'Your current password is not correct',
  samePassword: 'The new password must be different from the current one',
  sameEmail: 'This is already your email address',
  emailTaken: AUTH_MESSAGES.emailTaken,
  noPendingEmail: 'There is no change of email waiting for a code. Enter the new address again.',
  codeSent: 'We sent a 6-digit code to your new address. Enter it to confirm the change.',
  emailChanged: 'Your email address has been changed.',
  passwordChanged: 'Your password has been changed. Every other device has been signed out.',
  avatarType: 'The picture must be a JPEG, PNG or WebP image',
  avatarSize: 'The picture can be at most 5 MB',
  avatarUnreadable: 'That file is not a readable image',
  avatarDimensions: 'The picture is too large: at most 40 megapixels',
  avatarUpload: 'Send one image as multipart/form-data in the field “avatar”',
  confirmation: `Type ${ACCOUNT_RULES.deleteConfirmation} to confirm`,
  openDeal: 'You have an escrow deal that is still open; it must be completed, cancelled or refunded before you can delete your account',
  adminDelete: 'Admin accounts cannot be deleted from the settings',
  accountDeleted: 'Your account has been deleted and you have been signed out everywhere.',
  ...PREFERENCE_MESSAGES,
} as const

/** The 409 for an account that still holds money, in the owner's words (the admin's says "this user"). */
export function ownMoneyLeftMessage(walletCents: number, heldCents: number): string {
  const parts = [
    walletCents !== 0 && `$${centsToDecimalString(walletCents)} in your wallet`,
    heldCents !== 0 && `$${centsToDecimalString(heldCents)} in pending withdrawals`,
  ]
  return `You still have money on Handover (${parts.filter(Boolean).join(', ')}); withdraw it, or wait for your withdrawals to be paid, before deleting your account`
}

/** A password typed to prove who is asking; its length is checked only loosely, as at sign-in. */
export const currentPasswordSchema = z
  .string({ error: ACCOUNT_MESSAGES.currentPassword })
  .min(1, ACCOUNT_MESSAGES.currentPassword)
  .max(128, ACCOUNT_MESSAGES.wrongPassword)

// ── email ──────────────────────────────────────────────────────────────────

/** GET /api/settings/email: the address in use and one waiting for its code, if any. */
export const accountEmailSchema = z.object({ email: z.string(), pendingEmail: z.string().nullable() })
export type AccountEmail = z.infer<typeof accountEmailSchema>

/** POST /api/settings/email: a code goes to the new address; the address in use stays until it is typed back. */
export const emailChangeRequestSchema = z.strictObject({ email: emailSchema, password: currentPasswordSchema })
export type EmailChangeRequest = z.input<typeof emailChangeRequestSchema>

export const emailChangeStartedSchema = z.object({ pendingEmail: z.string(), message: z.string(), retryAfterSeconds: z.number() })
export type EmailChangeStarted = z.infer<typeof emailChangeStartedSchema>

/** POST /api/settings/email/verify */
export const emailChangeVerifySchema = z.strictObject({ code: verificationCodeSchema })
export const emailChangedSchema = z.object({ email: z.string(), message: z.string() })

// ── password ───────────────────────────────────────────────────────────────

/** POST /api/settings/password: the new password follows the rules of every password being chosen. */
export const passwordChangeRequestSchema = z
  .strictObject({
    currentPassword: currentPasswordSchema,
    newPassword: newPasswordSchema,
    confirmPassword: z.string({ error: AUTH_MESSAGES.passwordsDontMatch }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: AUTH_MESSAGES.passwordsDontMatch, path: ['confirmPassword'] })
  .refine((v) => v.newPassword !== v.currentPassword, { message: ACCOUNT_MESSAGES.samePassword, path: ['newPassword'] })
export type PasswordChangeRequest = z.input<typeof passwordChangeRequestSchema>

export const passwordChangedSchema = z.object({ success: z.literal(true), message: z.string(), endedSessions: z.number() })

// ── picture ────────────────────────────────────────────────────────────────

/** POST (multipart) and DELETE /api/settings/avatar answer the picture now shown, or null. */
export const avatarResponseSchema = z.object({ avatar: z.string().nullable() })

// ── preferences (their own small module: the live layer of every page reads them) ──

export { DEFAULT_PREFERENCES, preferencesUpdateSchema, userPreferencesSchema, type PreferencesUpdate, type UserPreferences } from './preferences'

// ── deleting the account ───────────────────────────────────────────────────

/** POST /api/settings/delete-account */
export const deleteAccountRequestSchema = z.strictObject({
  password: currentPasswordSchema,
  confirmation: z
    .string({ error: ACCOUNT_MESSAGES.confirmation })
    .trim()
    .refine((value) => value === ACCOUNT_RULES.deleteConfirmation, ACCOUNT_MESSAGES.confirmation),
})
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>

export const accountDeletedSchema = z.object({ success: z.literal(true), message: z.string() })
