import { LISTING_RULES } from '@shared/api/listings'
import { paths } from '@/config/paths'

/** The query parameter that names where to go once signed in. */
export const REDIRECT_PARAM = 'redirect'
/** Why the visitor was sent to sign in: a key of SIGN_IN_REASONS, never text, so a link cannot put words on the screen. */
export const REASON_PARAM = 'reason'
/** The listing's handle, for "Sign in to buy @handle". */
export const HANDLE_PARAM = 'handle'

/** What the visitor was doing, as the sign-in screen finishes "Sign in to …". */
const SIGN_IN_REASONS = {
  buy: 'buy this account',
  message: 'message the seller',
  transactions: 'see your transactions',
  transaction: 'see this transaction',
  payment: 'pay for this transaction',
  balance: 'see your balance',
  messages: 'read your messages',
  chat: 'open this conversation',
  notifications: 'see your notifications',
  'create-listing': 'create a listing',
  'trustap-integration': 'connect your escrow account',
  profile: 'see your profile',
  settings: 'open your settings',
} as const

export type SignInReason = keyof typeof SIGN_IN_REASONS

export interface SignInContext {
  reason: SignInReason
  /** the listing's handle, for `buy` */
  handle?: string
}

/** Far longer than any address of ours (a filtered catalogue is a few hundred characters). */
export const REDIRECT_MAX_LENGTH = 2048

/** Coming back to a sign-in page after signing in would only ask again (or loop): these never are the way back. */
const AUTH_PAGES: ReadonlySet<string> = new Set([
  paths.login,
  paths.signup,
  paths.auth,
  paths.forgotPassword,
  paths.resetPassword,
  paths.unlockAccount,
  paths.adminLogin,
  // the admin sign-in's other address
  '/admin',
])

/** Any origin serves to resolve a path against: only the path is read back. */
const ANY_ORIGIN = 'https://handover.invalid'

/** Control characters (C0, DEL, C1): browsers drop some of them from URLs, which can turn `/\t/host` into `//host`. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/

/** A path that would leave the site: `//host`, a backslash some browsers read as `/`, or control characters. */
function leavesSite(value: string): boolean {
  return !value.startsWith('/') || value.startsWith('//') || value.includes('\\') || CONTROL.test(value)
}

function decoded(value: string): string | null {
  try {
    return decodeURIComponent(value)
  } catch {
    return null
  }
}

/**
 * A `redirect` from the address bar, if it is a path on this site: anything else (another host, `//host`,
 * `javascript:`, a path with a backslash some browsers read as `//`, the same once percent-decoded) is dropped, so a
 * link cannot send a freshly signed-in user to a look-alike site. A sign-in page is dropped too.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  // whitespace has no place in our own paths either (a search in one is written %20)
  if (!value || value.length > REDIRECT_MAX_LENGTH || leavesSite(value) || /\s/.test(value)) return null
  // a server or proxy that decodes once more must still see a path of ours
  const plain = decoded(value)
  if (plain === null || leavesSite(plain)) return null
  // the router ignores case and trailing slashes; the URL resolves `.` and `..` segments, percent-encoded ones too
  const { pathname } = new URL(value, ANY_ORIGIN)
  const page = (decoded(pathname) ?? pathname).toLowerCase().replace(/\/+$/, '')
  return AUTH_PAGES.has(page) ? null : value
}

const HANDLE = new RegExp(`^[A-Za-z0-9._-]{1,${LISTING_RULES.handleMax}}$`)

/** /login with where to come back to afterwards and, when given, what the visitor was doing. */
export function signInPath(redirect: string, context?: SignInContext): string {
  const params = new URLSearchParams({ [REDIRECT_PARAM]: redirect })
  if (context) params.set(REASON_PARAM, context.reason)
  if (context?.handle && HANDLE.test(context.handle)) params.set(HANDLE_PARAM, context.handle)
  return `${paths.login}?${params.toString()}`
}

function isReason(value: string | null): value is SignInReason {
  return value !== null && Object.hasOwn(SIGN_IN_REASONS, value)
}

/**
 * What the visitor was doing when sent to sign in ("buy @catclips", "see your transactions"), from the sign-in
 * screen's query: only a known reason, with a handle that is one, and only with a way back to finish it on.
 */
export function signInActivity(params: URLSearchParams): string | null {
  const reason = params.get(REASON_PARAM)
  if (!isReason(reason) || safeRedirect(params.get(REDIRECT_PARAM)) === null) return null
  const handle = params.get(HANDLE_PARAM)
  if (reason === 'buy' && handle && HANDLE.test(handle)) return `buy @${handle}`
  return SIGN_IN_REASONS[reason]
}
