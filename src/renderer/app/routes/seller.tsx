import { useParams } from 'react-router-dom'
import type { ListingDto, SellerProfile } from '@shared/api/listings'
import { ListingCard } from '@/features/listings/components/listing-card'
import { SellerReviews } from '@/features/reviews/components/seller-reviews'
import { SellerProfileScreen } from '@/features/sellers/components/seller-profile-screen'

const renderListing = (listing: ListingDto) => <ListingCard listing={listing} />
const renderReviews = (seller: SellerProfile) => <SellerReviews sellerId={seller.id} emptyText={`Nobody has reviewed ${seller.username} yet. Buyers review the seller once a deal is completed.`} />

/** /seller/{id} and /profile/{id}: the seller's profile, with the catalogue's own cards for their listings and the reviews feature's list. */
export default function SellerRoute() {
  const { id = '' } = useParams()
  return <SellerProfileScreen key={id} id={id} renderListing={renderListing} renderReviews={renderReviews} />
}
