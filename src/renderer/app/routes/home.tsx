import { lazy, Suspense, useEffect } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom'
import { useAtom } from 'jotai'
import { selectedPlatformAtom } from '@/features/home/atoms'
import { HomePage } from '@/features/home/components/home-page'
import { ListingsSection } from '@/features/listings/components/listings-section'
import { readCancelledPurchase } from '@/features/payments/lib/cancelled-purchase'
import { lazyPage } from '@/lib/lazy-page'
import { useCurrentUser } from '@/lib/auth'

/** How long after the first idle moment home prefetches the likely next pages. */
const PREFETCH_AFTER_IDLE_MS = 2_000

// only for visitors coming back from the payment provider: its own chunk, so the home page stays small
const PaymentReturnRoute = lazyPage(() => import('./payment-return'))
// only after a cancelled purchase's checkout, likewise
const ReservationHeldNotice = lazy(() =>
  import('@/features/transactions/components/reservation-held-notice').then((module) => ({ default: module.ReservationHeldNotice })),
)

/**
 * SPEC §2: home prefetches the likely next pages (/browse is home itself; /auth; /messages). Visitors are sent to sign
 * in before /messages, so only signed-in users fetch the chat ahead. The fetches wait until the page has been idle a
 * moment, so they never compete with what the first screen needs (its script, listings and banners); a visitor who
 * clicks sooner simply loads the page then. A component of its own, so that learning who is signed in re-renders
 * nothing else.
 */
function PrefetchLikelyPages() {
  const { isSignedIn } = useCurrentUser()
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 0))
    let timer: number | undefined
    idle(() => {
      timer = window.setTimeout(() => {
        void import('./auth').catch(() => undefined)
        if (isSignedIn) void import('./messages').catch(() => undefined)
      }, PREFETCH_AFTER_IDLE_MS)
    })
    return () => window.clearTimeout(timer)
  }, [isSignedIn])
  return null
}

/** SPEC §2: a `_trustap_return` parameter turns the home page into the payment-return screen. */
export default function HomeRoute() {
  const [searchParams] = useSearchParams()
  // Home owns the selected platform (tiles, footer); the grid keeps it in step with its URL state (?platform=).
  const [platform, setPlatform] = useAtom(selectedPlatformAtom)

  // a cancelled purchase's checkout comes home (SPEC §4) with its deal in the history state: its reservation may hold
  const location = useLocation()
  const navigate = useNavigate()
  const cancelledPurchase = readCancelledPurchase(location.state)

  if (searchParams.has('_trustap_return')) return <PaymentReturnRoute />
  return (
    <>
      {cancelledPurchase !== null && (
        <Suspense fallback={null}>
          <ReservationHeldNotice
            dealId={cancelledPurchase}
            onDismiss={() => navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true })}
          />
        </Suspense>
      )}
      <PrefetchLikelyPages />
      <HomePage listings={<ListingsSection platform={platform} onPlatformChange={setPlatform} />} />
    </>
  )
}
