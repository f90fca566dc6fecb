import { currentUserSchema } from '@shared/api/auth'
import { decimalStringToCents } from '@shared/money'
import { toast, type ToastHandle, type ToastInput } from '@/hooks/use-toast'
import { describeError } from '@/lib/api-client'
import { DEFAULT_BALANCE, formatBalance } from '@/lib/money-display'

/** Exact toast copy of SPEC §8; failures show the server's message, else these fallbacks. */
export const AUTH_TOASTS = {
  loginFailed: { title: 'Login failed', fallback: 'Please check your credentials' },
  signupFailed: { title: 'Signup failed', fallback: 'Failed to create account' },
  verifyFailed: { title: 'Verification failed', fallback: 'Invalid or expired verification code' },
  resendFailed: { title: 'Failed to resend', fallback: 'Could not resend verification code' },
  welcomeBack: { title: 'Welcome back!', description: "You've successfully logged in." },
  checkEmail: { title: 'Check your email', description: "We've sent a verification code to your email address." },
  codeSent: { title: 'Code sent', description: 'A new verification code has been sent to your email.' },
} as const

/** The sign-in/sign-up flow's toast on screen, if any. */
let shown: ToastHandle | null = null

/** Each step's toast takes the place of the one before, so an old failure never sits beside what came after it. */
function showInPlace(input: ToastInput): void {
  shown?.dismiss()
  shown = toast(input)
}

export function toastFailure(kind: { title: string; fallback: string }, error: unknown): void {
  showInPlace({ variant: 'destructive', title: kind.title, description: describeError(error, kind.fallback) })
}

export function toastSuccess(kind: { title: string; description: string }): void {
  showInPlace({ variant: 'success', ...kind })
}

/**
 * Welcome after sign-up/verification (text not given by the spec; it names the bonus just credited). The bonus
 * is an admin setting, so the amount is the new account's balance when the server sent the user, else $15.00.
 */
export function toastWelcome(user?: unknown): void {
  const parsed = currentUserSchema.safeParse(user)
  const bonus = parsed.success ? parsed.data.balance : DEFAULT_BALANCE
  const credited = decimalStringToCents(bonus) !== 0
  showInPlace({
    variant: 'success',
    title: 'Welcome to Handover!',
    description: credited
      ? `Your account is ready and your ${formatBalance(bonus)} welcome bonus has been added to your balance.`
      : 'Your account is ready.',
  })
}
