import { useParams } from 'react-router-dom'
import { DealReview } from '@/features/reviews/components/deal-review'
import { TransactionDetailScreen, type RenderDealExtra } from '@/features/transactions/components/transaction-detail-screen'

// only a completed deal has a review (or its form); other deals get no extra card
const renderReview: RenderDealExtra = (deal) => (deal.status === 'completed' ? <DealReview deal={deal} /> : null)

/** /transaction/{id}; keyed by id so another deal starts from a clean screen (dialogs, pay choice). */
export default function TransactionRoute() {
  const { id = '' } = useParams()
  return <TransactionDetailScreen key={id} id={id} renderReview={renderReview} />
}
