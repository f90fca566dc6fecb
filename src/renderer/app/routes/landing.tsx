import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router-dom'
import type { LivePlatformId, PlatformId } from '@/config/platforms'
import { ComingSoonLanding } from '@/features/landing/components/coming-soon-landing'
import { PlatformLanding } from '@/features/landing/components/platform-landing'
import { VerifiedLanding } from '@/features/landing/components/verified-landing'
import { parseLandingPath } from '@/features/landing/lib/landing-path'
import { ListingsSection } from '@/features/listings/components/listings-section'
import { PlatformMark } from '@/features/listings/components/platform-mark'
import { useListingUrlState } from '@/features/listings/hooks/use-listing-url-state'
import { NotFound } from '@/features/system/components/not-found'

/** The home page's listing section, starting on this landing's platform; the visitor may change it. */
function PlatformListings({ platform }: { platform: LivePlatformId }) {
  const [selected, setSelected] = useState<PlatformId | null>(platform)
  return <ListingsSection platform={selected} onPlatformChange={setSelected} />
}

/** The listing section with the verified filter switched on once, on arrival; Clear All may switch it off. */
function VerifiedListings() {
  const { filters, update } = useListingUrlState()
  const preset = useRef(false)
  useEffect(() => {
    if (preset.current) return
    preset.current = true
    if (!filters.verified) update({ verified: true }, { replace: true })
  }, [filters.verified, update])
  const [selected, setSelected] = useState<PlatformId | null>(null)
  return <ListingsSection platform={selected} onPlatformChange={setSelected} />
}

/** /buy-{platform}-accounts and /verified-social-media-accounts (SPEC §2). */
export default function LandingRoute() {
  const { pathname } = useLocation()
  const landing = parseLandingPath(pathname)
  // keyed by path: moving between two landings starts each from its own platform
  switch (landing?.kind) {
    case 'platform':
      return (
        <PlatformLanding
          key={pathname}
          platform={landing.platform}
          icon={<PlatformMark platform={landing.platform} />}
          listings={<PlatformListings platform={landing.platform} />}
        />
      )
    case 'coming-soon':
      return <ComingSoonLanding key={pathname} platform={landing.platform} icon={<PlatformMark platform={landing.platform} className="size-8" />} />
    case 'verified':
      return <VerifiedLanding key={pathname} listings={<VerifiedListings />} />
    default:
      return <NotFound />
  }
}
