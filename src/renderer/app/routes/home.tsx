import { useEffect } from 'react'
import { useSearchParams } from 'react-router-dom'
import { HomePage } from '@/features/home/components/home-page'
import { NotBuilt } from '@/features/system/components/not-built'

/** SPEC §2: a `_trustap_return` parameter turns the home page into the payment-return screen. */
export default function HomeRoute() {
  const [searchParams] = useSearchParams()

  // SPEC §2: home prefetches the likely next pages (/browse is home itself; /auth; /messages).
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 0))
    idle(() => {
      void import('./auth').catch(() => undefined)
      void import('./not-built').catch(() => undefined)
    })
  }, [])

  if (searchParams.has('_trustap_return')) return <NotBuilt title="Payment Return" />
  return <HomePage />
}
