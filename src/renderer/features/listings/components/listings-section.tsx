import { useEffect, useState, type ReactNode } from 'react'
import { useSearchParams } from 'react-router-dom'
import { useQueryClient } from '@tanstack/react-query'
import { SKELETON_COUNT } from '@shared/constants'
import { LISTINGS_ANCHOR } from '@/config/paths'
import type { LivePlatformId, PlatformId } from '@/config/platforms'
import { useInView } from '../hooks/use-in-view'
import { usePlatformSync } from '../hooks/use-platform-sync'
import { hasListingState } from '../lib/url-state'
import { scrollToSection } from '@/lib/scroll'
import { listingKeys } from '@/lib/query-keys'
import { ListingCardSkeleton } from './listing-card'
// in the page's own chunk: as a chunk of its own it hydrated after the page, and an update reaching it in between made
// React throw the server's grid away and draw it again from placeholders
import { ListingBrowser } from './listing-browser'

/** SPEC §2: the section loads at 10 % visibility with a 50 px margin. */
const IN_VIEW = { threshold: 0.1, rootMargin: '50px' } as const

interface ListingsSectionProps {
  /** The platform the page has selected elsewhere (tiles, footer). */
  platform: PlatformId | null
  onPlatformChange: (platform: LivePlatformId | null) => void
}

function SkeletonGrid(): ReactNode {
  return (
    <ul className="mt-8 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4" aria-label="Loading accounts">
      {Array.from({ length: SKELETON_COUNT }, (_, index) => (
        <li key={index}>
          <ListingCardSkeleton />
        </li>
      ))}
    </ul>
  )
}

/** The home page's catalogue: always-present anchor and heading, the grid mounted once in view. */
export function ListingsSection({ platform, onPlatformChange }: ListingsSectionProps) {
  // Runs before the grid mounts, so a tile click or a reload keeps page and URL in agreement.
  const pendingPlatform = usePlatformSync(platform, onPlatformChange)
  // a page of the catalogue at hand already (the server rendered the page with it, say) is shown at once: waiting for
  // the section to come into view would only swap the grid for placeholders and back
  const queryClient = useQueryClient()
  const [listed] = useState(() =>
    queryClient
      .getQueryCache()
      .findAll({ queryKey: listingKeys.lists() })
      .some((query) => query.state.data !== undefined),
  )
  const { ref, seen } = useInView<HTMLElement>(IN_VIEW, listed)
  // A reload or a shared link of filtered results opens at the results, not at the hero.
  const [searchParams] = useSearchParams()
  const [openedWithState] = useState(() => hasListingState(searchParams))
  useEffect(() => {
    if (openedWithState) scrollToSection(LISTINGS_ANCHOR, { instant: true })
  }, [openedWithState])

  return (
    <section ref={ref} id={LISTINGS_ANCHOR} tabIndex={-1} aria-labelledby="listings-title" className="scroll-mt-20 bg-card py-16 outline-none">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="listings-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Accounts for sale
        </h2>
        <p className="mt-2 text-muted-foreground">Every purchase is protected by escrow from payment to handover.</p>
        {seen || openedWithState ? <ListingBrowser pending={pendingPlatform ? { platform: pendingPlatform } : undefined} /> : <SkeletonGrid />}
      </div>
    </section>
  )
}
