import { useState } from 'react'
import { Link } from 'react-router-dom'
import { Pencil, Plus } from 'lucide-react'
import type { ListingDto } from '@shared/api/listings'
import { formatMoney } from '@shared/format'
import { paths } from '@/config/paths'
import { PLATFORMS } from '@/config/platforms'
import { InlineLoadError } from '@/components/inline-load-error'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { imageSrc } from '@/lib/image-src'
import { cn } from '@/lib/utils'
import { useOwnListings } from '../api/get-own-listings'
import { canEdit, LISTING_STATUS, statusCounts, statusNote, type StatusTone } from '../lib/listing-status'

/** How many rows show before "Show all". */
const FIRST_ROWS = 8

const TONES: Record<StatusTone, string> = {
  live: 'bg-mint-300/20 dark:bg-mint-400/10 text-mint-700 dark:text-mint-400 ring-mint-500/30',
  waiting: 'bg-sky-50 dark:bg-sky-950/40 text-sky-800 dark:text-sky-200 ring-sky-200 dark:ring-sky-800',
  deal: 'bg-violet-50 dark:bg-violet-950/40 text-violet-800 dark:text-violet-200 ring-violet-200 dark:ring-violet-800',
  warning: 'bg-amber-50 dark:bg-amber-950/40 text-amber-900 dark:text-amber-200 ring-amber-200 dark:ring-amber-800',
  done: 'bg-navy-100 dark:bg-navy-800 text-navy-800 dark:text-navy-100 ring-navy-200 dark:ring-navy-700',
  muted: 'bg-muted text-navy-600 dark:text-navy-300 ring-border',
}

export function ListingStatusBadge({ status }: { status: NonNullable<ListingDto['status']> }) {
  const { label, tone } = LISTING_STATUS[status]
  return (
    <span
      data-testid="listing-status"
      data-status={status}
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset', TONES[tone])}
    >
      {label}
    </span>
  )
}

function Thumbnail({ listing }: { listing: ListingDto }) {
  const [failed, setFailed] = useState(false)
  const image = listing.images[0]
  const platform = PLATFORMS[listing.platform]
  return (
    <span
      aria-hidden="true"
      className="relative block aspect-[16/9] w-20 shrink-0 overflow-hidden rounded-lg sm:w-24"
      style={{ backgroundColor: platform.badgeColor }}
    >
      {image && !failed ? (
        <img src={imageSrc(image)} alt="" loading="lazy" className="size-full object-cover" onError={() => setFailed(true)} />
      ) : (
        <span className="flex size-full items-center justify-center text-xs font-bold text-white">{platform.label}</span>
      )}
    </span>
  )
}

function Row({ listing }: { listing: ListingDto }) {
  const status = listing.status ?? (listing.isActive ? 'active' : 'removed')
  const note = statusNote(listing)
  return (
    <li
      data-testid="own-listing"
      className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2 bg-card px-4 py-3 sm:grid-cols-[auto_minmax(0,1fr)_auto_auto] sm:gap-x-4 sm:px-5"
    >
      <Thumbnail listing={listing} />
      <div className="min-w-0">
        <Link to={paths.listing(listing.id)} className="line-clamp-2 font-semibold break-words underline-offset-4 hover:underline sm:line-clamp-1">
          {listing.accountTitle}
        </Link>
        <p className="truncate text-sm text-muted-foreground">
          {PLATFORMS[listing.platform].label} · @{listing.username}
        </p>
        {note && <p className="mt-0.5 line-clamp-2 text-xs text-amber-900 dark:text-amber-200">{note}</p>}
      </div>
      <div className="col-span-2 flex items-center justify-between gap-3 sm:col-span-1 sm:flex-col sm:items-end sm:gap-1">
        <p className="font-bold tabular-nums">{formatMoney(listing.price)}</p>
        <ListingStatusBadge status={status} />
      </div>
      <div className="col-span-2 flex justify-end sm:col-span-1">
        {canEdit(listing) ? (
          <Button asChild variant="outline" size="sm">
            <Link to={paths.editListing(listing.id)} aria-label={`Edit ${listing.accountTitle}`}>
              <Pencil aria-hidden="true" /> Edit
            </Link>
          </Button>
        ) : (
          <Button asChild variant="ghost" size="sm">
            <Link to={paths.listing(listing.id)} aria-label={`View ${listing.accountTitle}`}>
              View
            </Link>
          </Button>
        )}
      </div>
    </li>
  )
}

/** The seller's own listings in every status, each with its status and, where the server allows it, Edit. */
export function OwnListings() {
  const listings = useOwnListings(true)
  const [showAll, setShowAll] = useState(false)
  if (listings.isPending) {
    return (
      <div className="grid gap-px overflow-hidden rounded-2xl border bg-border" aria-label="Loading your listings">
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex items-center gap-4 bg-card px-5 py-3">
            <Skeleton className="aspect-[16/9] w-24 rounded-lg" />
            <Skeleton className="h-4 flex-1" />
            <Skeleton className="h-6 w-20 rounded-full" />
          </div>
        ))}
      </div>
    )
  }
  if (listings.isError) {
    return <InlineLoadError what="your listings" onRetry={() => void listings.refetch()} />
  }
  const all = listings.data
  if (all.length === 0) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-dashed p-5">
        <p className="text-sm text-muted-foreground">You have not listed an account yet.</p>
        <Button asChild size="sm">
          <Link to={paths.createListing}>
            <Plus aria-hidden="true" /> Create Listing
          </Link>
        </Button>
      </div>
    )
  }
  const shown = showAll ? all : all.slice(0, FIRST_ROWS)
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground" data-testid="own-listing-counts">
        {statusCounts(all)
          .map(({ status, count }) => `${count.toLocaleString('en-US')} ${LISTING_STATUS[status].label.toLowerCase()}`)
          .join(' · ')}
      </p>
      <ul aria-label="Your listings" className="grid gap-px overflow-hidden rounded-2xl border bg-border shadow-sm shadow-navy-900/5">
        {shown.map((listing) => (
          <Row key={listing.id} listing={listing} />
        ))}
      </ul>
      {all.length > FIRST_ROWS && (
        <Button variant="ghost" size="sm" className="justify-self-start" onClick={() => setShowAll((value) => !value)} aria-expanded={showAll}>
          {showAll ? 'Show fewer' : `Show all ${all.length.toLocaleString('en-US')} listings`}
        </Button>
      )}
    </div>
  )
}
