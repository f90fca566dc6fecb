import { PLATFORM_IDS } from './constants'
import { PLATFORM_NAMES } from './seo'

/**
 * The SPEC §2 route table as data: the router is built from it, the server answers 404 for a path none of it matches,
 * and the e2e suite visits every `sample`. Plain data with no React imports, so the server and Node tests can import it.
 * A route without `screen` shows the shared "not built yet" notice titled `title`.
 */

export type BuiltScreen =
  | 'home'
  | 'login'
  | 'signup'
  | 'forgot-password'
  | 'reset-password'
  | 'unlock-account'
  | 'browse-redirect'
  | 'chat-redirect'
  | 'email-preview'
  | 'email-diagnostic'
  | 'crypto-diagnostic'
  /** answered by the server itself (JSON); a link inside the app loads it from there */
  | 'server-page'
  | 'listing'
  | 'admin-dashboard'
  | 'landing'
  | 'seller'
  | 'profile'
  | 'top-sellers'
  | 'account'
  | 'create-listing'
  | 'notifications'
  | 'messages'
  | 'chat'
  | 'admin-chat'
  | 'admin-login'
  | 'admin-settings'
  | 'payment-monitor'
  | 'admin-conversations'
  | 'admin-moderation'
  | 'admin-audit'
  | 'transactions'
  | 'transaction'
  | 'balance'
  | 'payment-return'
  | 'payment-success'
  | 'payment-failed'
  | 'payment'
  | 'trustap-integration'
  | 'trustap-callback'
  | 'blogs'
  | 'blog-post'
  | 'sell-your-account'
  | 'faq'
  | 'how-it-works'
  | 'contact'
  | 'terms'
  | 'privacy'
  | 'cookies'
  | 'escrow-service'
  | 'verification'
  | 'admin-blog'
  | 'admin-blog-editor'
  | 'admin-contact'
  | 'settings'

export interface SpecRoute {
  /** react-router pattern */
  path: string
  /** a concrete URL for the pattern (defaults to `path`) */
  sample?: string
  title: string
  screen?: BuiltScreen
}

// react-router cannot match part of a segment ("buy-:platform-accounts"), so each platform gets its own route.
const platformLandingRoutes: SpecRoute[] = PLATFORM_IDS.map((platform) => ({
  path: `/buy-${platform}-accounts`,
  title: `Buy ${PLATFORM_NAMES[platform]} Accounts`,
  screen: 'landing',
}))

export const SPEC_ROUTE_TABLE: readonly SpecRoute[] = [
  { path: '/', title: 'Home', screen: 'home' },
  { path: '/social-media-marketplace', title: 'Home', screen: 'home' },
  { path: '/login', title: 'Sign In', screen: 'login' },
  { path: '/signup', title: 'Sign Up', screen: 'signup' },
  { path: '/forgot-password', title: 'Forgot Password', screen: 'forgot-password' },
  { path: '/reset-password', title: 'Reset Password', screen: 'reset-password' },
  // the link emailed when failed passwords locked an account
  { path: '/unlock-account', title: 'Unlock Account', screen: 'unlock-account' },
  { path: '/browse', title: 'Browse', screen: 'browse-redirect' },
  { path: '/transactions', title: 'Transactions', screen: 'transactions' },
  { path: '/transaction/:id', sample: '/transaction/1', title: 'Transaction', screen: 'transaction' },
  { path: '/balance', title: 'Balance', screen: 'balance' },
  { path: '/profile', title: 'Profile', screen: 'profile' },
  { path: '/profile/:id', sample: '/profile/1', title: 'Profile', screen: 'seller' },
  { path: '/messages', title: 'Messages', screen: 'messages' },
  { path: '/chat', title: 'Messages', screen: 'chat-redirect' },
  { path: '/chat/:conversationId', sample: '/chat/1', title: 'Chat', screen: 'chat' },
  { path: '/settings', title: 'Settings', screen: 'settings' },
  { path: '/trustap-integration', title: 'Escrow Integration', screen: 'trustap-integration' },
  { path: '/email/diagnostic', title: 'Email Diagnostic', screen: 'email-diagnostic' },
  { path: '/email/preview', title: 'Email Preview', screen: 'email-preview' },
  { path: '/top-sellers', title: 'Top Sellers', screen: 'top-sellers' },
  { path: '/blogs', title: 'Blogs', screen: 'blogs' },
  { path: '/blog/:id', sample: '/blog/1', title: 'Blog Post', screen: 'blog-post' },
  { path: '/sell-your-account', title: 'Sell Your Account', screen: 'sell-your-account' },
  { path: '/faq', title: 'FAQ', screen: 'faq' },
  { path: '/seller/:id', sample: '/seller/1', title: 'Seller Profile', screen: 'seller' },
  { path: '/create-listing', title: 'Create Listing', screen: 'create-listing' },
  { path: '/listing/:id', sample: '/listing/1', title: 'Listing', screen: 'listing' },
  { path: '/notifications', title: 'Notifications', screen: 'notifications' },
  { path: '/account/:id', sample: '/account/1', title: 'Account Details', screen: 'account' },
  { path: '/payment/return', title: 'Payment Return', screen: 'payment-return' },
  { path: '/payment-return', title: 'Payment Return', screen: 'payment-return' },
  { path: '/payment/trustap/return', title: 'Escrow Payment Return', screen: 'payment-return' },
  { path: '/trustap/return', title: 'Escrow Payment Return', screen: 'payment-return' },
  { path: '/trustap/auth/callback', title: 'Escrow Authorisation', screen: 'trustap-callback' },
  { path: '/auth/trustap/callback', title: 'Escrow Authorisation', screen: 'trustap-callback' },
  { path: '/payment-success', title: 'Payment Successful', screen: 'payment-success' },
  { path: '/payment-failed', title: 'Payment Failed', screen: 'payment-failed' },
  { path: '/crypto/diagnostic', title: 'Crypto Diagnostic', screen: 'crypto-diagnostic' },
  { path: '/api/diagnostic', title: 'API Diagnostic', screen: 'server-page' },
  { path: '/payment/:id', sample: '/payment/1', title: 'Payment', screen: 'payment' },
  { path: '/how-it-works', title: 'How It Works', screen: 'how-it-works' },
  { path: '/secure-account-trading', title: 'How It Works', screen: 'how-it-works' },
  ...platformLandingRoutes,
  { path: '/verified-social-media-accounts', title: 'Verified Social Media Accounts', screen: 'landing' },
  { path: '/contact', title: 'Contact', screen: 'contact' },
  { path: '/terms', title: 'Terms of Service', screen: 'terms' },
  { path: '/privacy', title: 'Privacy Policy', screen: 'privacy' },
  { path: '/cookies', title: 'Cookie Policy', screen: 'cookies' },
  // linked from the footer (SPEC §2) though not in its route table
  { path: '/escrow-service', title: 'Escrow Service', screen: 'escrow-service' },
  { path: '/verification', title: 'Verification', screen: 'verification' },
  { path: '/admin', title: 'Admin Login', screen: 'admin-login' },
  { path: '/admin-login', title: 'Admin Login', screen: 'admin-login' },
  { path: '/admin-dashboard', title: 'Admin Dashboard', screen: 'admin-dashboard' },
  { path: '/admin-settings', title: 'Admin Settings', screen: 'admin-settings' },
  { path: '/admin/payment-monitor', title: 'Payment Monitor', screen: 'payment-monitor' },
  { path: '/admin/chat/:conversationId', sample: '/admin/chat/1', title: 'Admin Chat', screen: 'admin-chat' },
  // the rest of the admin area, which SPEC §2 leaves out: every conversation, moderation, the audit log, the blog and contact messages
  { path: '/admin/chats', title: 'Admin Chats', screen: 'admin-conversations' },
  { path: '/admin/moderation', title: 'Moderation', screen: 'admin-moderation' },
  { path: '/admin/audit', title: 'Audit Log', screen: 'admin-audit' },
  { path: '/admin/blog', title: 'Admin Blog', screen: 'admin-blog' },
  { path: '/admin/blog/new', title: 'New Blog Post', screen: 'admin-blog-editor' },
  { path: '/admin/blog/:id', sample: '/admin/blog/1', title: 'Edit Blog Post', screen: 'admin-blog-editor' },
  { path: '/admin/contact', title: 'Contact Messages', screen: 'admin-contact' },
]

/** Every SPEC §2 route as a visitable URL (sample params filled in). */
export const SPEC_ROUTES: readonly string[] = SPEC_ROUTE_TABLE.map((route) => route.sample ?? route.path)

/** The URLs whose screen is still the "not built yet" notice. */
export const NOT_BUILT_ROUTES: readonly string[] = SPEC_ROUTE_TABLE.filter((route) => !route.screen).map((route) => route.sample ?? route.path)

/** /auth forwards to the sign-in screen; the router has it beside the table. */
export const AUTH_REDIRECT_PATH = '/auth'

/** A react-router pattern as an expression: a `:param` is one non-empty segment, letters' case ignored, as the router matches. */
const patternOf = (path: string) => new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}/*$`, 'i')

const APP_PATH_PATTERNS: readonly RegExp[] = [...SPEC_ROUTE_TABLE.map((route) => route.path), AUTH_REDIRECT_PATH].map(patternOf)

/**
 * The public pages a visitor lands on from a search or a shared link, which the website's server renders with their
 * content: the catalogue (home), listings, landing pages, sellers, the blog and the site's own pages. The rest (forms,
 * signed-in and admin screens, redirects) is rendered in the browser.
 */
export const SERVER_RENDERED_SCREENS: ReadonlySet<BuiltScreen> = new Set<BuiltScreen>([
  'home',
  'listing',
  'account',
  'landing',
  'seller',
  'top-sellers',
  'blogs',
  'blog-post',
  'sell-your-account',
  'faq',
  'how-it-works',
  'terms',
  'privacy',
  'cookies',
  'escrow-service',
  'verification',
])

const SERVER_RENDERED_PATTERNS: readonly RegExp[] = SPEC_ROUTE_TABLE.filter((route) => route.screen && SERVER_RENDERED_SCREENS.has(route.screen)).map(
  (route) => patternOf(route.path),
)

/** Whether the website's server renders the page at this path with its content. */
export function isServerRenderedPath(path: string): boolean {
  return SERVER_RENDERED_PATTERNS.some((pattern) => pattern.test(path))
}

/** Whether the app has a screen at this path; any other shows its 404 screen. */
export function isAppPath(path: string): boolean {
  return APP_PATH_PATTERNS.some((pattern) => pattern.test(path))
}
