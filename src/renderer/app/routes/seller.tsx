import { useParams } from 'react-router-dom'
import type { ListingDto, SellerProfile } from '@shared/api/listings'
import type { ReviewDto } from '@shared/api/reviews'
import { RemoveReviewButton } from '@/features/admin-moderation/components/remove-review-button'
import { ListingCard } from '@/features/listings/components/listing-card'
import { SellerReviews } from '@/features/reviews/components/seller-reviews'
import { SellerProfileScreen } from '@/features/sellers/components/seller-profile-screen'
import { useCurrentUser, useIsAdmin } from '@/lib/auth'

const renderListing = (listing: ListingDto) => <ListingCard listing={listing} />
const renderRemove = (review: ReviewDto) => <RemoveReviewButton review={review} />

/** /seller/{id} and /profile/{id}: the seller's profile, with the catalogue's own cards for their listings and the reviews feature's list. */
export default function SellerRoute() {
  const { id = '' } = useParams()
  // admins take down a review that breaks the rules (abuse, personal data) from here
  const isAdmin = useIsAdmin(useCurrentUser().isSignedIn)
  const renderReviews = (seller: SellerProfile) => (
    <SellerReviews
      sellerId={seller.id}
      emptyText={`Nobody has reviewed ${seller.username} yet. Buyers review the seller once a deal is completed.`}
      renderActions={isAdmin ? renderRemove : undefined}
    />
  )
  return <SellerProfileScreen key={id} id={id} renderListing={renderListing} renderReviews={renderReviews} />
}
