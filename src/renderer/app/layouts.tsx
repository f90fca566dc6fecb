import { Suspense } from 'react'
import { Outlet, ScrollRestoration, useLocation, type Location } from 'react-router-dom'
import { useUnreadBadge } from '@/lib/unread-badge'
import { Header } from '@/features/layout/components/header'
import { MaintenanceBanner } from '@/components/maintenance-banner'
import { AppStatus } from '@/features/system/components/app-status'
import { ErrorBoundary } from '@/features/system/components/error-boundary'
import { PageLoading } from '@/features/system/components/page-loading'
import { RealtimeProvider } from './providers/realtime-provider'
import { useDeepLinks } from './use-deep-links'

/** Lazy page + its boundary; the boundary resets when the path changes so navigation leaves an error. */
function PageOutlet() {
  const { pathname } = useLocation()
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  )
}

/**
 * Where the router keeps a page's scroll position: its history entry, as by default, except for a tab's first entry
 * (an address typed or opened from outside), which every document of the tab calls "default". Keyed by that, the
 * position saved as one page was left was restored on the next typed address, after the page had scrolled itself
 * (a catalogue link opens at its results) and back to where an unrelated page had been.
 */
export function scrollKey(location: Location): string {
  return location.key === 'default' ? `default ${location.pathname}${location.search}` : location.key
}

/**
 * Everything inside the router: live updates, desktop deep links, the unread badge, the offline notice and update
 * prompt, and scroll restoration.
 */
export function RootLayout() {
  useDeepLinks()
  useUnreadBadge()
  return (
    <RealtimeProvider>
      <a
        href="#main"
        className="sr-only z-[60] rounded-lg bg-mint-400 px-4 py-2 font-semibold text-navy-950 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <Outlet />
      <AppStatus />
      <ScrollRestoration getKey={scrollKey} />
    </RealtimeProvider>
  )
}

/** Pages with the site header. */
export function MainLayout() {
  return (
    // Navy behind the header so it can be transparent at the top of every page.
    <div className="flex min-h-dvh flex-col bg-navy-950">
      <Header />
      <MaintenanceBanner />
      <main id="main" tabIndex={-1} className="flex-1 bg-background outline-none">
        <PageOutlet />
      </main>
    </div>
  )
}

/** Full-screen pages (sign-in, password recovery) that bring their own chrome. */
export function BareLayout() {
  return (
    <div id="main" tabIndex={-1} className="outline-none">
      <PageOutlet />
    </div>
  )
}
