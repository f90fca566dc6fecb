import { useEffect } from 'react'
import { useSearchParams } from 'react-router-dom'
import { useAtom } from 'jotai'
import { selectedPlatformAtom } from '@/features/home/atoms'
import { HomePage } from '@/features/home/components/home-page'
import { ListingsSection } from '@/features/listings/components/listings-section'
import { lazyPage } from '@/lib/lazy-page'
import { useCurrentUser } from '@/lib/auth'

/** How long after the first idle moment home prefetches the likely next pages. */
const PREFETCH_AFTER_IDLE_MS = 2_000

// only for visitors coming back from the payment provider: its own chunk, so the home page stays small
const PaymentReturnRoute = lazyPage(() => import('./payment-return'))

/** SPEC §2: a `_trustap_return` parameter turns the home page into the payment-return screen. */
export default function HomeRoute() {
  const [searchParams] = useSearchParams()
  // Home owns the selected platform (tiles, footer, ?platform=); the grid keeps it in step with its URL state.
  const [platform, setPlatform] = useAtom(selectedPlatformAtom)

  // SPEC §2: home prefetches the likely next pages (/browse is home itself; /auth; /messages). Visitors
  // are sent to sign in before /messages, so only signed-in users fetch the chat ahead.
  const { isSignedIn } = useCurrentUser()
  // The fetches wait until the page has been idle a moment, so they never compete with what the first screen
  // needs (its script, listings and banners); a visitor who clicks sooner simply loads the page then.
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

  if (searchParams.has('_trustap_return')) return <PaymentReturnRoute />
  return <HomePage listings={<ListingsSection platform={platform} onPlatformChange={setPlatform} />} />
}
