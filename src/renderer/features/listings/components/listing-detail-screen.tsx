import { useState, type ReactNode } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { ArrowLeft, Clock, SearchX, Tag } from 'lucide-react'
import { formatCount, formatMoney } from '@shared/format'
import { listingText } from '@shared/seo'
import { LISTINGS_ANCHOR, paths } from '@/config/paths'
import { isLivePlatform, PLATFORMS } from '@/config/platforms'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { useMediaQuery } from '@/hooks/use-media-query'
import { useCurrentUser } from '@/lib/auth'
import { formatLongDate } from '@/lib/dates'
import { useSeo } from '@/lib/seo'
import { useListing } from '../api/get-listing'
import { listingsQueryOptions } from '../api/get-listings'
import { DEFAULT_FILTERS, PLATFORM_URL_KEY, toListingsQuery } from '../lib/url-state'
import { ListingCard } from './listing-card'
import { audienceLabel, platformLabel } from '../lib/labels'
import { cn } from '@/lib/utils'
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
  // the same title and description the server wrote into the page's first answer
  const text = listing ? listingText(listing) : null
  useSeo({
    title: text?.title ?? 'Listing not found | Handover',
    description: text?.description ?? 'This listing does not exist or is no longer available.',
    // a sold listing is a record of the sale, not an offer
    noIndex: !listing || listing.status === 'sold',
    // /account/{id} shows the same listing; search engines should credit one address
    canonicalPath: listing ? paths.listing(listing.id) : undefined,
    image: listing?.images?.[0],
  })
  return null
}

/** Phones keep the price and Buy Now in a bar at the bottom of the screen (the panel is far below the gallery there). */
const BUY_BAR_QUERY = '(max-width: 640px)'

/** Where a listing that is not on sale stands, for everyone but its seller (who has their own panel). */
function SaleStatus({ listing }: { listing: Listing }) {
  const { user } = useCurrentUser()
  if (listing.isActive || user?.id === listing.sellerId) return null
  const [Icon, title, text] =
    listing.status === 'sold'
      ? [
          Tag,
          listing.soldAt ? `Sold on ${formatLongDate(listing.soldAt)}` : 'Sold',
          `It sold for ${formatMoney(listing.price)} through Handover’s escrow and is no longer for sale.`,
        ]
      : listing.status === 'reserved'
        ? [
            Clock,
            'Reserved — a purchase is in progress',
            'A buyer is paying for this account. If the purchase does not go through, it comes back on sale.',
          ]
        : [SearchX, 'No longer for sale', 'The seller has taken this account off sale.']
  return (
    <div
      role="status"
      className="mb-6 flex items-start gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">{title}</p>
        <p className="mt-0.5 text-sm">{text}</p>
      </div>
    </div>
  )
}

/** Under a sold listing: live listings on the same platform, the likeliest next page for someone who wanted it. */
function SimilarListings({ listing }: { listing: Listing }) {
  const platform = isLivePlatform(listing.platform) ? listing.platform : null
  // the catalogue's own first page for the platform: the same request, and the same cache, as the grid's
  const query = useQuery({ ...listingsQueryOptions(toListingsQuery({ ...DEFAULT_FILTERS, platform })), enabled: platform !== null })
  const similar = (query.data?.items ?? []).filter((item) => item.id !== listing.id).slice(0, 4)
  if (!platform || similar.length === 0) return null
  return (
    <section aria-labelledby="similar-listings" className="mt-12">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="similar-listings" className="text-lg font-semibold">
          Similar {platformLabel(platform)} accounts on sale
        </h2>
        <Link
          to={`${paths.home}?${PLATFORM_URL_KEY}=${platform}#${LISTINGS_ANCHOR}`}
          className="text-sm font-medium text-mint-700 underline-offset-4 hover:underline dark:text-mint-400"
        >
          See all {platformLabel(platform)} accounts
        </Link>
      </div>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {similar.map((item) => (
          <li key={item.id}>
            <ListingCard listing={item} />
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The phone's bottom bar: the price and what the panel's button would do, always in reach. */
function BuyBar({ listing, purchase }: { listing: Listing; purchase: ReactNode }) {
  return (
    <div
      data-testid="buy-bar"
      className="fixed inset-x-0 bottom-0 z-30 flex items-center gap-3 border-t bg-card/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_16px_rgb(0_0_0/0.08)] backdrop-blur"
    >
      <div className="min-w-0">
        <p className="text-xs text-muted-foreground">{listing.isActive ? 'Price' : listing.status === 'reserved' ? 'Reserved' : 'Not for sale'}</p>
        <p className="text-lg font-extrabold tracking-tight">{formatMoney(listing.price)}</p>
      </div>
      <div className="ml-auto grid min-w-0 flex-1 justify-items-end gap-1 [&>*]:w-full">{purchase}</div>
    </div>
  )
}

/** What the app puts in the purchase panel for a listing (Buy Now). */
export type RenderPurchase = (listing: Listing) => ReactNode
/** What the app puts in the panel's seller box (the seller's rating and sales come from the sellers feature). */
export type RenderSeller = (seller: { id: number; username: string }) => ReactNode

interface ListingDetailProps {
  listing: Listing
  renderPurchase?: RenderPurchase
  renderSeller?: RenderSeller
}

function ListingDetail({ listing, renderPurchase, renderSeller }: ListingDetailProps) {
  const title = titleOf(listing)
  const phone = useMediaQuery(BUY_BAR_QUERY)
  const sold = listing.status === 'sold'
  // one Buy Now at a time, in the bar on a phone and in the panel elsewhere: its dialog keeps its state in one place
  const purchase = sold ? null : renderPurchase?.(listing)
  return (
    <>
      <SaleStatus listing={listing} />
      <article className={cn('grid gap-8 lg:grid-cols-[1fr_22rem]', phone && !sold && 'pb-24')}>
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
              <dd className="text-xl font-bold">
                {listing.monthlyIncome > 0 ? formatMoney(listing.monthlyIncome) : listing.isMonetized ? 'Not stated' : 'Not monetized'}
              </dd>
            </div>
          </dl>
          <h2 className="mt-8 text-lg font-semibold">About this account</h2>
          {/* Seller-written text: rendered as text (never HTML), line breaks kept. */}
          <p className="mt-2 leading-relaxed whitespace-pre-line text-navy-700 dark:text-navy-200">
            {listing.description || 'No description provided.'}
          </p>
        </div>
        <aside className="lg:sticky lg:top-24 lg:self-start">
          <ListingPurchasePanel
            listing={listing}
            purchase={phone ? null : purchase}
            seller={renderSeller?.({ id: listing.sellerId, username: listing.seller?.username ?? '' })}
          />
        </aside>
      </article>
      {phone && !sold && <BuyBar listing={listing} purchase={purchase} />}
      {sold && <SimilarListings listing={listing} />}
    </>
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
 * The /listing/{id} screen (SPEC §2). A reserved or sold listing says so (sold ones with their date and similar
 * listings on sale). One taken down while on screen (the refetch answers 404) stays visible as no longer for sale
 * instead of vanishing under the reader, or under a purchase in progress.
 */
export function ListingDetailScreen({ id, renderPurchase, renderSeller }: { id: string } & Omit<ListingDetailProps, 'listing'>) {
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
          <ListingDetail listing={gone ?? listing.data!} renderPurchase={renderPurchase} renderSeller={renderSeller} />
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
