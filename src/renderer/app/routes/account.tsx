import { useParams } from 'react-router-dom'
import { ListingDetailScreen } from '@/features/listings/components/listing-detail-screen'
import { renderPurchase, renderSeller } from './listing-purchase'

/** /account/{id}: the account's details are its listing, so this is the listing screen under a second address. */
export default function AccountRoute() {
  const { id = '' } = useParams()
  return <ListingDetailScreen key={id} id={id} renderPurchase={renderPurchase} renderSeller={renderSeller} />
}
