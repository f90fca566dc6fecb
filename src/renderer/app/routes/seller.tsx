import { useParams } from 'react-router-dom'
import type { ListingDto } from '@shared/api/listings'
import { ListingCard } from '@/features/listings/components/listing-card'
import { SellerProfileScreen } from '@/features/sellers/components/seller-profile-screen'

const renderListing = (listing: ListingDto) => <ListingCard listing={listing} />

/** /seller/{id} and /profile/{id}: the seller's profile, with the catalogue's own cards for their listings. */
export default function SellerRoute() {
  const { id = '' } = useParams()
  return <SellerProfileScreen key={id} id={id} renderListing={renderListing} />
}
