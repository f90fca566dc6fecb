import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { Store, UserX } from 'lucide-react'
import type { ListingDto, SellerProfile } from '@shared/api/listings'
import { PAGE_TEXT } from '@shared/seo'
import { paths } from '@/config/paths'
import { LoadFailedNotice } from '@/components/load-failed-notice'
import { StateNotice } from '@/components/state-notice'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { useSeo } from '@/lib/seo'
import { useSeller } from '../api/get-seller'
import { salesLabel } from '../lib/format'
import { RecentSales } from './recent-sales'
import { SellerHeader } from './seller-header'
import { formatInteger } from '@shared/format'

const GRID = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3'

interface SellerProfileScreenProps {
  id: string
  /** one of the seller's listings as a card; the app passes the catalogue's own card */
  renderListing: (listing: ListingDto) => ReactNode
  /** the seller's reviews; the app passes the reviews feature's list */
  renderReviews?: (seller: SellerProfile) => ReactNode
}

function SellerSeo({ seller }: { seller: SellerProfile | null }) {
  useSeo(
    seller
      ? {
          title: `${seller.username} – Seller Profile | Handover`,
          description: `${seller.username} on Handover: ${salesLabel(seller.completedSales)} completed and ${seller.activeListings} accounts for sale, every purchase protected by escrow.`,
        }
      : { ...PAGE_TEXT.sellerNotFound, notFound: true },
  )
  return null
}

export function SellerNotFound() {
  return (
    <div className="px-4 py-16">
      <StateNotice
        as="h1"
        className="py-14"
        icon={<UserX className="size-7" aria-hidden="true" />}
        title="Seller not found"
        text="This seller does not exist or is no longer active on Handover."
      >
        <Button asChild variant="primary">
          <Link to={paths.home}>Back to home</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.topSellers}>See top sellers</Link>
        </Button>
      </StateNotice>
    </div>
  )
}

function ProfileSkeleton() {
  return (
    <div role="status" aria-label="Loading seller">
      <div className="bg-navy-950">
        <div className="mx-auto flex max-w-7xl items-center gap-5 px-4 py-12 sm:px-6 lg:px-8">
          <Skeleton className="size-20 rounded-full bg-white/10" />
          <div className="flex-1 space-y-3">
            <Skeleton className="h-8 w-48 bg-white/10" />
            <Skeleton className="h-4 w-36 bg-white/10" />
          </div>
        </div>
      </div>
      <div className={`mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8 ${GRID}`}>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="aspect-[4/5] rounded-2xl" />
        ))}
      </div>
    </div>
  )
}

function Profile({
  seller,
  renderListing,
  renderReviews,
}: { seller: SellerProfile } & Pick<SellerProfileScreenProps, 'renderListing' | 'renderReviews'>) {
  return (
    <>
      <SellerHeader seller={seller} />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:px-8">
        <section aria-labelledby="seller-listings">
          <h2 id="seller-listings" className="text-xl font-bold tracking-tight">
            Accounts for sale <span className="font-semibold text-muted-foreground">({formatInteger(seller.activeListings)})</span>
          </h2>
          {/* the profile carries the newest listings only; the heading counts them all */}
          {seller.listings.length > 0 && seller.listings.length < seller.activeListings && (
            <p className="mt-1 text-sm text-muted-foreground">Showing the {formatInteger(seller.listings.length)} newest.</p>
          )}
          {seller.listings.length === 0 ? (
            <p className="mt-4 flex items-center gap-2 rounded-2xl border border-dashed p-6 text-muted-foreground">
              <Store className="size-5 shrink-0" aria-hidden="true" /> {seller.username} has no accounts for sale right now.
            </p>
          ) : (
            <ul className={`mt-4 ${GRID}`}>
              {seller.listings.map((listing) => (
                <li key={listing.id}>{renderListing(listing)}</li>
              ))}
            </ul>
          )}
        </section>
        <aside className="lg:sticky lg:top-24 lg:self-start">
          <RecentSales sales={seller.recentSales} />
        </aside>
      </div>
      {renderReviews && <div className="mx-auto max-w-7xl px-4 pb-12 sm:px-6 lg:px-8">{renderReviews(seller)}</div>}
    </>
  )
}

/** /seller/{id} and /profile/{id} (SPEC §2): a seller's public profile. */
export function SellerProfileScreen({ id, renderListing, renderReviews }: SellerProfileScreenProps) {
  const seller = useSeller(id)
  if (seller.isPending) return <ProfileSkeleton />
  if (seller.isError) {
    return (
      <div className="px-4 py-16">
        <LoadFailedNotice className="py-14" title="Could not load this seller" error={seller.error} onRetry={() => void seller.refetch()} />
      </div>
    )
  }
  return (
    <>
      <SellerSeo seller={seller.data} />
      {seller.data ? <Profile seller={seller.data} renderListing={renderListing} renderReviews={renderReviews} /> : <SellerNotFound />}
    </>
  )
}
