import type { ReactNode } from 'react'
import { createBrowserRouter, type RouteObject } from 'react-router-dom'
import { lazyPage } from '@/lib/lazy-page'
import { ErrorScreen } from '@/features/system/components/error-screen'
import { BareLayout, MainLayout, RootLayout } from './layouts'
import { AuthRedirect, BrowseRedirect, ChatRedirect, ServerPage } from './routes/redirects'
import { AUTH_REDIRECT_PATH, SPEC_ROUTE_TABLE, type BuiltScreen, type SpecRoute } from './routes'

// Each page is its own chunk (SPEC §2: pages load lazily with a "Loading..." placeholder).
const HomeRoute = lazyPage(() => import('./routes/home'))
const AuthRoute = lazyPage(() => import('./routes/auth'))
const ForgotPasswordRoute = lazyPage(() => import('./routes/forgot-password'))
const ResetPasswordRoute = lazyPage(() => import('./routes/reset-password'))
const UnlockAccountRoute = lazyPage(() => import('./routes/unlock-account'))
const EmailPreviewRoute = lazyPage(() => import('./routes/email-preview'))
const EmailDiagnosticRoute = lazyPage(() => import('./routes/email-diagnostic'))
const CryptoDiagnosticRoute = lazyPage(() => import('./routes/crypto-diagnostic'))
const ListingRoute = lazyPage(() => import('./routes/listing'))
const AdminDashboardRoute = lazyPage(() => import('./routes/admin-dashboard'))
const LandingRoute = lazyPage(() => import('./routes/landing'))
const SellerRoute = lazyPage(() => import('./routes/seller'))
const ProfileRoute = lazyPage(() => import('./routes/profile'))
const TopSellersRoute = lazyPage(() => import('./routes/top-sellers'))
const AccountRoute = lazyPage(() => import('./routes/account'))
const CreateListingRoute = lazyPage(() => import('./routes/create-listing'))
const NotificationsRoute = lazyPage(() => import('./routes/notifications'))
const MessagesRoute = lazyPage(() => import('./routes/messages'))
const ChatRoute = lazyPage(() => import('./routes/chat'))
const AdminChatRoute = lazyPage(() => import('./routes/admin-chat'))
const AdminLoginRoute = lazyPage(() => import('./routes/admin-login'))
const AdminSettingsRoute = lazyPage(() => import('./routes/admin-settings'))
const PaymentMonitorRoute = lazyPage(() => import('./routes/payment-monitor'))
const AdminConversationsRoute = lazyPage(() => import('./routes/admin-conversations'))
const AdminModerationRoute = lazyPage(() => import('./routes/admin-moderation'))
const AdminAuditRoute = lazyPage(() => import('./routes/admin-audit'))
const TransactionsRoute = lazyPage(() => import('./routes/transactions'))
const TransactionRoute = lazyPage(() => import('./routes/transaction'))
const BalanceRoute = lazyPage(() => import('./routes/balance'))
const PaymentReturnRoute = lazyPage(() => import('./routes/payment-return'))
const PaymentSuccessRoute = lazyPage(() => import('./routes/payment-success'))
const PaymentFailedRoute = lazyPage(() => import('./routes/payment-failed'))
const PaymentRoute = lazyPage(() => import('./routes/payment'))
const TrustapIntegrationRoute = lazyPage(() => import('./routes/trustap-integration'))
const TrustapCallbackRoute = lazyPage(() => import('./routes/trustap-callback'))
const BlogsRoute = lazyPage(() => import('./routes/blogs'))
const BlogPostRoute = lazyPage(() => import('./routes/blog-post'))
const SellYourAccountRoute = lazyPage(() => import('./routes/sell-your-account'))
const FaqRoute = lazyPage(() => import('./routes/faq'))
const HowItWorksRoute = lazyPage(() => import('./routes/how-it-works'))
const ContactRoute = lazyPage(() => import('./routes/contact'))
const LegalRoute = lazyPage(() => import('./routes/legal'))
const EscrowServiceRoute = lazyPage(() => import('./routes/escrow-service'))
const VerificationRoute = lazyPage(() => import('./routes/verification'))
const AdminBlogRoute = lazyPage(() => import('./routes/admin-blog'))
const AdminBlogEditorRoute = lazyPage(() => import('./routes/admin-blog-editor'))
const AdminContactRoute = lazyPage(() => import('./routes/admin-contact'))
const SettingsRoute = lazyPage(() => import('./routes/settings'))
const NotBuiltRoute = lazyPage(() => import('./routes/not-built'))
const NotFoundRoute = lazyPage(() => import('./routes/not-found'))

/**
 * The screen of every built route, keyed by the shared table's screen names, so a screen the table names but this
 * record leaves out is a type error rather than a blank page. Entries are functions so that each route built from one
 * gets an element of its own.
 */
const SCREENS: Record<BuiltScreen, () => ReactNode> = {
  home: () => <HomeRoute />,
  login: () => <AuthRoute tab="login" />,
  signup: () => <AuthRoute tab="signup" />,
  'forgot-password': () => <ForgotPasswordRoute />,
  'reset-password': () => <ResetPasswordRoute />,
  'unlock-account': () => <UnlockAccountRoute />,
  'browse-redirect': () => <BrowseRedirect />,
  'chat-redirect': () => <ChatRedirect />,
  'email-preview': () => <EmailPreviewRoute />,
  'email-diagnostic': () => <EmailDiagnosticRoute />,
  'crypto-diagnostic': () => <CryptoDiagnosticRoute />,
  'server-page': () => <ServerPage />,
  listing: () => <ListingRoute />,
  'admin-dashboard': () => <AdminDashboardRoute />,
  landing: () => <LandingRoute />,
  seller: () => <SellerRoute />,
  profile: () => <ProfileRoute />,
  'top-sellers': () => <TopSellersRoute />,
  account: () => <AccountRoute />,
  'create-listing': () => <CreateListingRoute />,
  notifications: () => <NotificationsRoute />,
  messages: () => <MessagesRoute />,
  chat: () => <ChatRoute />,
  'admin-chat': () => <AdminChatRoute />,
  'admin-login': () => <AdminLoginRoute />,
  'admin-settings': () => <AdminSettingsRoute />,
  'payment-monitor': () => <PaymentMonitorRoute />,
  'admin-conversations': () => <AdminConversationsRoute />,
  'admin-moderation': () => <AdminModerationRoute />,
  'admin-audit': () => <AdminAuditRoute />,
  transactions: () => <TransactionsRoute />,
  transaction: () => <TransactionRoute />,
  balance: () => <BalanceRoute />,
  'payment-return': () => <PaymentReturnRoute />,
  'payment-success': () => <PaymentSuccessRoute />,
  'payment-failed': () => <PaymentFailedRoute />,
  payment: () => <PaymentRoute />,
  'trustap-integration': () => <TrustapIntegrationRoute />,
  'trustap-callback': () => <TrustapCallbackRoute />,
  blogs: () => <BlogsRoute />,
  'blog-post': () => <BlogPostRoute />,
  'sell-your-account': () => <SellYourAccountRoute />,
  faq: () => <FaqRoute />,
  'how-it-works': () => <HowItWorksRoute />,
  contact: () => <ContactRoute />,
  terms: () => <LegalRoute page="terms" />,
  privacy: () => <LegalRoute page="privacy" />,
  cookies: () => <LegalRoute page="cookies" />,
  'escrow-service': () => <EscrowServiceRoute />,
  verification: () => <VerificationRoute />,
  'admin-blog': () => <AdminBlogRoute />,
  'admin-blog-editor': () => <AdminBlogEditorRoute />,
  'admin-contact': () => <AdminContactRoute />,
  settings: () => <SettingsRoute />,
}

/** A route the table lists without a screen shows the shared "not built yet" notice, under its own title. */
function screenFor(route: SpecRoute): ReactNode {
  return route.screen ? SCREENS[route.screen]() : <NotBuiltRoute title={route.title} />
}

// Sign-in and password recovery are full-screen; everything else sits under the site header.
const BARE_SCREENS: ReadonlySet<SpecRoute['screen']> = new Set(['login', 'signup', 'forgot-password', 'reset-password', 'unlock-account'])

function toRouteObject(route: SpecRoute): RouteObject {
  return { path: route.path, element: screenFor(route) }
}

/** Last-resort screen if the layout itself throws; page errors are caught closer, in PageOutlet. */
function RouterError() {
  return <ErrorScreen recoverable={false} canRetry={false} onRetry={() => window.location.reload()} />
}

export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouterError />,
    children: [
      { element: <BareLayout />, children: SPEC_ROUTE_TABLE.filter((r) => BARE_SCREENS.has(r.screen)).map(toRouteObject) },
      {
        element: <MainLayout />,
        children: [
          ...SPEC_ROUTE_TABLE.filter((r) => !BARE_SCREENS.has(r.screen)).map(toRouteObject),
          { path: AUTH_REDIRECT_PATH, element: <AuthRedirect /> },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
]

export function createAppRouter() {
  return createBrowserRouter(appRoutes)
}
