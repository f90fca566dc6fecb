import type { ReactNode } from 'react'
import { createBrowserRouter, type RouteObject } from 'react-router-dom'
import { lazyPage } from '@/lib/lazy-page'
import { ErrorScreen } from '@/features/system/components/error-screen'
import { BareLayout, MainLayout, RootLayout } from './layouts'
import { AuthRedirect, BrowseRedirect, ChatRedirect, ServerPage } from './routes/redirects'
import { AUTH_REDIRECT_PATH, SPEC_ROUTE_TABLE, type SpecRoute } from './routes'

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

function screenFor(route: SpecRoute): ReactNode {
  switch (route.screen) {
    case 'home':
      return <HomeRoute />
    case 'login':
      return <AuthRoute tab="login" />
    case 'signup':
      return <AuthRoute tab="signup" />
    case 'forgot-password':
      return <ForgotPasswordRoute />
    case 'reset-password':
      return <ResetPasswordRoute />
    case 'unlock-account':
      return <UnlockAccountRoute />
    case 'browse-redirect':
      return <BrowseRedirect />
    case 'chat-redirect':
      return <ChatRedirect />
    case 'email-preview':
      return <EmailPreviewRoute />
    case 'email-diagnostic':
      return <EmailDiagnosticRoute />
    case 'crypto-diagnostic':
      return <CryptoDiagnosticRoute />
    case 'server-page':
      return <ServerPage />
    case 'listing':
      return <ListingRoute />
    case 'admin-dashboard':
      return <AdminDashboardRoute />
    case 'landing':
      return <LandingRoute />
    case 'seller':
      return <SellerRoute />
    case 'profile':
      return <ProfileRoute />
    case 'top-sellers':
      return <TopSellersRoute />
    case 'account':
      return <AccountRoute />
    case 'create-listing':
      return <CreateListingRoute />
    case 'notifications':
      return <NotificationsRoute />
    case 'messages':
      return <MessagesRoute />
    case 'chat':
      return <ChatRoute />
    case 'admin-chat':
      return <AdminChatRoute />
    case 'admin-login':
      return <AdminLoginRoute />
    case 'admin-settings':
      return <AdminSettingsRoute />
    case 'payment-monitor':
      return <PaymentMonitorRoute />
    case 'admin-conversations':
      return <AdminConversationsRoute />
    case 'admin-moderation':
      return <AdminModerationRoute />
    case 'admin-audit':
      return <AdminAuditRoute />
    case 'transactions':
      return <TransactionsRoute />
    case 'transaction':
      return <TransactionRoute />
    case 'balance':
      return <BalanceRoute />
    case 'payment-return':
      return <PaymentReturnRoute />
    case 'payment-success':
      return <PaymentSuccessRoute />
    case 'payment-failed':
      return <PaymentFailedRoute />
    case 'payment':
      return <PaymentRoute />
    case 'trustap-integration':
      return <TrustapIntegrationRoute />
    case 'trustap-callback':
      return <TrustapCallbackRoute />
    case 'blogs':
      return <BlogsRoute />
    case 'blog-post':
      return <BlogPostRoute />
    case 'sell-your-account':
      return <SellYourAccountRoute />
    case 'faq':
      return <FaqRoute />
    case 'how-it-works':
      return <HowItWorksRoute />
    case 'contact':
      return <ContactRoute />
    case 'terms':
    case 'privacy':
    case 'cookies':
      return <LegalRoute page={route.screen} />
    case 'escrow-service':
      return <EscrowServiceRoute />
    case 'verification':
      return <VerificationRoute />
    case 'admin-blog':
      return <AdminBlogRoute />
    case 'admin-blog-editor':
      return <AdminBlogEditorRoute />
    case 'admin-contact':
      return <AdminContactRoute />
    case 'settings':
      return <SettingsRoute />
    case undefined:
      return <NotBuiltRoute title={route.title} />
  }
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
