import { Link } from 'react-router-dom'
import { formatCount, formatMoney } from '@shared/format'
import { paths } from '@/config/paths'
import { PLATFORMS } from '@/config/platforms'
import { Skeleton } from '@/components/ui/skeleton'
import { audienceLabel, platformLabel } from '../lib/labels'
import type { Listing } from '../types'
import { ListingBadges } from './listing-badges'
import { ListingBanner } from './listing-banner'
import { PlatformMark } from './platform-mark'

/** A catalogue card; the whole card is one link to the listing (SPEC §2). */
export function ListingCard({ listing }: { listing: Listing }) {
  const title = listing.accountTitle || listing.displayName || `@${listing.username}`
  return (
    <Link
      to={paths.listing(listing.id)}
      className="group flex h-full flex-col overflow-hidden rounded-2xl border bg-card shadow-xs transition-all hover:-translate-y-0.5 hover:border-mint-500 hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <div className="relative aspect-[16/9] overflow-hidden bg-muted">
        <ListingBanner image={listing.images?.[0]} platform={listing.platform} alt="" className="transition-transform group-hover:scale-[1.02]" />
        <span
          className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[0.6875rem] font-semibold text-white shadow-sm"
          style={{ backgroundColor: PLATFORMS[listing.platform]?.badgeColor }}
        >
          <PlatformMark platform={listing.platform} className="size-3" /> {platformLabel(listing.platform)}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        <div className="min-w-0">
          <h3 className="line-clamp-2 text-sm font-semibold leading-snug sm:text-base">{title}</h3>
          <p className="truncate text-xs text-muted-foreground sm:text-sm">@{listing.username}</p>
        </div>
        {listing.niche && <p className="truncate text-xs font-medium text-navy-600 dark:text-navy-300">{listing.niche}</p>}
        <ListingBadges listing={listing} />
        {/* the narrowest phones give each of two cards abreast about 110 px: the two figures go one above the other */}
        <dl className="mt-auto grid grid-cols-2 gap-2 pt-1 text-xs max-[359px]:grid-cols-1 max-[359px]:gap-1">
          <div className="min-w-0">
            <dt className="truncate text-muted-foreground">{audienceLabel(listing.platform)}</dt>
            <dd className="font-semibold">{formatCount(listing.followers)}</dd>
          </div>
          {/* an account that earns nothing shows no "$0" income: the figure would read as a fault, not a fact */}
          {listing.monthlyIncome > 0 && (
            <div className="min-w-0">
              {/* Two cards abreast on a phone leave no room for the long label. */}
              <dt className="truncate text-muted-foreground">
                <span className="sm:hidden">Income/mo</span>
                <span className="hidden sm:inline">Monthly income</span>
              </dt>
              <dd className="font-semibold">{formatMoney(listing.monthlyIncome)}</dd>
            </div>
          )}
        </dl>
        <p className="border-t pt-2 text-base font-bold tracking-tight text-navy-900 min-[360px]:text-lg dark:text-navy-100 sm:text-xl">
          {formatMoney(listing.price)}
        </p>
      </div>
    </Link>
  )
}

export function ListingCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-2xl border bg-card" data-testid="listing-card-skeleton">
      <Skeleton className="aspect-[16/9] rounded-none" />
      <div className="flex flex-col gap-2 p-3 sm:p-4">
        <Skeleton className="h-4 w-4/5" />
        <Skeleton className="h-3 w-1/2" />
        <Skeleton className="h-3 w-1/3" />
        <Skeleton className="mt-2 h-6 w-2/5" />
      </div>
    </div>
  )
}
