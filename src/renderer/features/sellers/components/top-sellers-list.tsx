import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import type { TopSeller } from '@shared/api/listings'
import { formatMoney } from '@shared/format'
import { RatingInline } from '@/components/star-rating'
import { Skeleton } from '@/components/ui/skeleton'
import { SellerAvatar } from './seller-avatar'
import { compactMoney, memberSince, sellerPath } from '../lib/format'
import { PlatformBadges } from './platform-badges'
import { RankBadge } from './rank-badge'
import { formatInteger } from '@shared/format'

// one grid for the header and every row: rank, seller, three figures, platforms (from 1024 px: the fixed
// columns need about 800 px, so a tablet gets the stacked rows of a phone)
const COLUMNS = 'lg:grid-cols-[3rem_minmax(0,1fr)_8.5rem_8rem_8rem_13.5rem] lg:gap-4'

/** A figure with its name: short and visible on phones, where the column headers are hidden. */
function Figure({ short, label, value, title }: { short: string; label: string; value: ReactNode; title?: string }) {
  return (
    <div className="min-w-0 lg:text-right">
      <span aria-hidden="true" className="block text-xs text-muted-foreground lg:hidden">
        {short}
      </span>
      <span className="sr-only">{label}: </span>
      <span className="block truncate font-semibold tabular-nums" title={title}>
        {value}
      </span>
    </div>
  )
}

function Row({ seller }: { seller: TopSeller }) {
  return (
    <li className={`grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-3 px-4 py-4 sm:px-6 ${COLUMNS}`}>
      <RankBadge rank={seller.rank} />
      <Link
        to={sellerPath(seller.id)}
        className="group flex min-w-0 items-center gap-3 rounded-xl focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <SellerAvatar username={seller.username} avatar={seller.avatar} className="size-10 text-base" />
        <span className="min-w-0">
          <span className="block truncate font-semibold group-hover:text-mint-700 dark:group-hover:text-mint-400 group-hover:underline">
            {seller.username}
          </span>
          <span className="block text-xs text-muted-foreground">{memberSince(seller.memberSince)}</span>
          <RatingInline rating={seller.rating} className="mt-0.5 text-xs" />
        </span>
      </Link>
      <div className="col-span-2 flex justify-between gap-3 rounded-xl bg-muted/70 px-3 py-2 lg:contents">
        <Figure short="Sales" label="Completed sales" value={formatInteger(seller.completedSales)} />
        <Figure short="Volume" label="Sales volume" value={compactMoney(seller.salesVolume)} title={formatMoney(seller.salesVolume)} />
        <Figure short="Active" label="Active listings" value={formatInteger(seller.activeListings)} />
      </div>
      <PlatformBadges platforms={seller.platforms} compact className="col-span-2 lg:col-span-1 lg:justify-end" />
    </li>
  )
}

/** SPEC §2 /top-sellers: the ranking as one list that reads as a table on wide screens. */
export function TopSellersList({ sellers }: { sellers: readonly TopSeller[] }) {
  return (
    <div className="overflow-hidden rounded-2xl border bg-card shadow-sm shadow-navy-900/5">
      <div
        aria-hidden="true"
        className={`hidden border-b bg-muted/60 px-6 py-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase lg:grid ${COLUMNS}`}
      >
        <span>Rank</span>
        <span>Seller</span>
        <span className="text-right">Completed sales</span>
        <span className="text-right">Sales volume</span>
        <span className="text-right">Active listings</span>
        <span className="text-right">Platforms</span>
      </div>
      <ol aria-label="Top sellers" className="divide-y">
        {sellers.map((seller) => (
          <Row key={seller.id} seller={seller} />
        ))}
      </ol>
    </div>
  )
}

export function TopSellersListSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <div aria-label="Loading top sellers" role="status" className="overflow-hidden rounded-2xl border bg-card">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-3 border-b px-4 py-4 last:border-b-0 sm:px-6">
          <Skeleton className="size-9 rounded-full" />
          <Skeleton className="size-10 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-1/4" />
          </div>
          <Skeleton className="hidden h-5 w-64 lg:block" />
        </div>
      ))}
    </div>
  )
}
