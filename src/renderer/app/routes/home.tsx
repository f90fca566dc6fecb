import { useEffect } from 'react'
import { useSearchParams } from 'react-router-dom'
import { useAtom } from 'jotai'
import { selectedPlatformAtom } from '@/features/home/atoms'
import { HomePage } from '@/features/home/components/home-page'
import { ListingsSection } from '@/features/listings/components/listings-section'
import { NotBuilt } from '@/features/system/components/not-built'
import { useCurrentUser } from '@/lib/auth'

/** SPEC §2: a `_trustap_return` parameter turns the home page into the payment-return screen. */
export default function HomeRoute() {
  const [searchParams] = useSearchParams()
  // Home owns the selected platform (tiles, footer, ?platform=); the grid keeps it in step with its URL state.
  const [platform, setPlatform] = useAtom(selectedPlatformAtom)

  // SPEC §2: home prefetches the likely next pages (/browse is home itself; /auth; /messages). Visitors
  // are sent to sign in before /messages, so only signed-in users fetch the chat ahead.
  const { isSignedIn } = useCurrentUser()
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 0))
    idle(() => {
      void import('./auth').catch(() => undefined)
      if (isSignedIn) void import('./messages').catch(() => undefined)
    })
  }, [isSignedIn])

  if (searchParams.has('_trustap_return')) return <NotBuilt title="Payment Return" />
  return <HomePage listings={<ListingsSection platform={platform} onPlatformChange={setPlatform} />} />
}
