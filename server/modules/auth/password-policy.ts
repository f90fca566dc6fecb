import { dictionary } from '@zxcvbn-ts/language-common'
import { AUTH_MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from '@shared/api/auth'
import { badRequest } from '../../http/errors'

let common: ReadonlySet<string> | undefined

/**
 * The passwords seen most often in breaches (zxcvbn-ts's list of about 49,000, by frequency) that the length rule
 * alone would let through: about 18,000 of 8 characters or more. Compared without case, so `Password1` is one.
 */
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary['passwords-common'].filter((password) => password.length >= PASSWORD_MIN).map((password) => password.toLowerCase()))
  return common
}

export interface PasswordOwner {
  username: string
  email: string
}

/**
 * Why a password being chosen (sign-up, reset, change) is refused, or null: ASVS's rules. At least 8 characters
 * and up to 128 (ASVS asks that 64 be allowed), not one of the common passwords, not the owner's own username or
 * email. No rules on which kinds of characters: every character counts, spaces and emoji included, and the
 * password is kept exactly as typed.
 */
export function passwordProblem(password: string, owner?: PasswordOwner): string | null {
  if (password.length < PASSWORD_MIN) return AUTH_MESSAGES.passwordShort
  if (password.length > PASSWORD_MAX) return AUTH_MESSAGES.passwordLong
  const folded = password.toLowerCase()
  if (commonPasswords().has(folded)) return AUTH_MESSAGES.passwordCommon
  if (!owner) return null
  const email = owner.email.toLowerCase()
  const personal = [owner.username.toLowerCase(), email, email.split('@')[0] ?? '']
  if (personal.some((word) => word.length > 0 && folded === word)) return AUTH_MESSAGES.passwordPersonal
  return null
}

/** The 400 for a password `passwordProblem` refuses; without an owner, the checks that need none. */
export function assertAcceptablePassword(password: string, owner?: PasswordOwner): void {
  const problem = passwordProblem(password, owner)
  if (problem) throw badRequest(problem, 'weak_password')
}
