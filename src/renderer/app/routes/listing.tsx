import { useParams } from 'react-router-dom'
import { ListingDetailScreen } from '@/features/listings/components/listing-detail-screen'
import { renderPurchase, renderSeller } from './listing-purchase'

/** /listing/{id}; keyed by id so moving between listings starts from a clean screen (gallery index). */
export default function ListingRoute() {
  const { id = '' } = useParams()
  return <ListingDetailScreen key={id} id={id} renderPurchase={renderPurchase} renderSeller={renderSeller} />
}
