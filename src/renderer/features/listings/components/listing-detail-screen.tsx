import { useState, type ReactNode } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { ArrowLeft, SearchX } from 'lucide-react'
import { formatCount, formatMoney } from '@shared/format'
import { LISTINGS_ANCHOR, paths } from '@/config/paths'
import { PLATFORMS } from '@/config/platforms'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { useSeo } from '@/lib/seo'
import { useListing } from '../api/get-listing'
import { audienceLabel, platformLabel } from '../lib/labels'
import type { Listing } from '../types'
import { ListingBadges } from './listing-badges'
import { ListingGallery } from './listing-gallery'
import { ListingOwnerPanel } from './listing-owner-panel'
import { ListingPurchasePanel } from './listing-purchase-panel'
import { LoadError } from './result-states'
import { PlatformMark } from './platform-mark'

const BACK_TO_GRID = `${paths.home}#${LISTINGS_ANCHOR}`

function titleOf(listing: Listing) {
  return listing.accountTitle || listing.displayName || `@${listing.username}`
}

function ListingSeo({ listing }: { listing: Listing | null }) {
  useSeo({
    title: listing ? `${titleOf(listing)} | Handover` : 'Listing not found | Handover',
    description: listing
      ? `${platformLabel(listing.platform)} account @${listing.username} for ${formatMoney(listing.price)}, protected by escrow on Handover.`
      : 'This listing does not exist or is no longer available.',
    noIndex: !listing,
    // /account/{id} shows the same listing; search engines should credit one address
    canonicalPath: listing ? paths.listing(listing.id) : undefined,
    image: listing?.images?.[0],
  })
  return null
}

/** What the app puts in the purchase panel for a listing (Buy Now). */
export type RenderPurchase = (listing: Listing) => ReactNode

function ListingDetail({ listing, renderPurchase }: { listing: Listing; renderPurchase?: RenderPurchase }) {
  const title = titleOf(listing)
  return (
    <article className="grid gap-8 lg:grid-cols-[1fr_22rem]">
      <div className="min-w-0">
        <ListingGallery images={listing.images ?? []} platform={listing.platform} title={title} />
        <div className="mt-6 flex flex-wrap items-center gap-2 text-sm">
          <span
            className="inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 font-semibold text-white"
            style={{ backgroundColor: PLATFORMS[listing.platform]?.badgeColor }}
          >
            <PlatformMark platform={listing.platform} className="size-3.5" /> {platformLabel(listing.platform)}
          </span>
          {listing.niche && <span className="rounded-full bg-muted px-2.5 py-1 font-medium text-navy-700 dark:text-navy-200">{listing.niche}</span>}
        </div>
        <h1 className="mt-3 text-2xl font-extrabold tracking-tight text-balance sm:text-3xl">{title}</h1>
        <p className="mt-1 text-muted-foreground">@{listing.username}</p>
        <ListingBadges listing={listing} className="mt-3" />
        <dl className="mt-6 grid grid-cols-2 gap-3 sm:max-w-md">
          <div className="rounded-xl border bg-card p-4">
            <dt className="text-sm text-muted-foreground">{audienceLabel(listing.platform)}</dt>
            <dd className="text-xl font-bold">{formatCount(listing.followers)}</dd>
          </div>
          <div className="rounded-xl border bg-card p-4">
            <dt className="text-sm text-muted-foreground">Monthly income</dt>
            <dd className="text-xl font-bold">{formatMoney(listing.monthlyIncome)}</dd>
          </div>
        </dl>
        <h2 className="mt-8 text-lg font-semibold">About this account</h2>
        {/* Seller-written text: rendered as text (never HTML), line breaks kept. */}
        <p className="mt-2 leading-relaxed whitespace-pre-line text-navy-700 dark:text-navy-200">
          {listing.description || 'No description provided.'}
        </p>
      </div>
      <aside className="lg:sticky lg:top-24 lg:self-start">
        <ListingPurchasePanel listing={listing} purchase={renderPurchase?.(listing)} />
      </aside>
    </article>
  )
}

function DetailSkeleton() {
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_22rem]" aria-label="Loading listing">
      <div>
        <Skeleton className="aspect-[16/9] rounded-2xl" />
        <Skeleton className="mt-6 h-8 w-3/4" />
        <Skeleton className="mt-3 h-4 w-1/3" />
        <Skeleton className="mt-6 h-24 w-full" />
      </div>
      <Skeleton className="h-64 rounded-2xl" />
    </div>
  )
}

/**
 * Back to the grid: history Back when we came from inside the app, so the filters, page and scroll
 * position come back with it; a direct visit has no such history and gets a link home.
 */
function BackToListings() {
  const navigate = useNavigate()
  const { key } = useLocation()
  const content = (
    <>
      <ArrowLeft aria-hidden="true" /> All accounts
    </>
  )
  if (key !== 'default') {
    return (
      <Button variant="ghost" size="sm" className="mb-4 -ml-2" onClick={() => navigate(-1)}>
        {content}
      </Button>
    )
  }
  return (
    <Button asChild variant="ghost" size="sm" className="mb-4 -ml-2">
      <Link to={BACK_TO_GRID}>{content}</Link>
    </Button>
  )
}

function NotFoundState() {
  return (
    <div role="status" className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-navy-900 text-mint-400">
        <SearchX className="size-7" aria-hidden="true" />
      </span>
      <h1 className="mt-5 text-2xl font-bold">Listing not found</h1>
      <p className="mt-2 text-muted-foreground">It may have been sold or removed by the seller.</p>
      <Button asChild className="mt-6" variant="primary">
        <Link to={paths.home}>Back to home</Link>
      </Button>
    </div>
  )
}

/**
 * The /listing/{id} screen (SPEC §2). A listing that goes off sale while on screen (reserved, sold, taken down:
 * the refetch answers 404) stays visible as no longer available instead of vanishing under the reader, or
 * under a purchase in progress.
 */
export function ListingDetailScreen({ id, renderPurchase }: { id: string; renderPurchase?: RenderPurchase }) {
  const listing = useListing(id)
  const [lastSeen, setLastSeen] = useState<Listing | null>(null)
  if (listing.data && listing.data !== lastSeen) setLastSeen(listing.data)
  const gone = listing.data === null && lastSeen ? { ...lastSeen, isActive: false } : null
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <BackToListings />
      {listing.isPending ? (
        <DetailSkeleton />
      ) : listing.isError ? (
        <LoadError message={listing.error.message} onRetry={() => void listing.refetch()} />
      ) : gone || listing.data ? (
        // one tree for the listing on sale and gone: the detail keeps its place, so a purchase dialog open in it
        // stays open (with its error) when the listing goes off sale under it
        <>
          {listing.data && <ListingSeo listing={listing.data} />}
          {listing.data && <ListingOwnerPanel listing={listing.data} />}
          <ListingDetail listing={gone ?? listing.data!} renderPurchase={renderPurchase} />
        </>
      ) : (
        <>
          <ListingSeo listing={null} />
          <NotFoundState />
        </>
      )}
    </div>
  )
}
