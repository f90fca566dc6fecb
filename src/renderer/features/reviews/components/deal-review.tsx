import { MessageSquareText } from 'lucide-react'
import type { TransactionDto } from '@shared/api/transactions'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { useDealReview } from '../api/get-deal-review'
import { ReviewForm } from './review-form'
import { ReviewItem } from './review-item'

type Deal = Pick<TransactionDto, 'id' | 'status' | 'viewerRole' | 'buyer' | 'seller'>

/**
 * The review on a completed deal's page: the form for its buyer until they write one, then the review itself,
 * which the seller (and an admin) sees too. Nothing before the deal is completed.
 */
export function DealReview({ deal }: { deal: Deal }) {
  const completed = deal.status === 'completed'
  const review = useDealReview(deal.id, completed)
  if (!completed) return null
  if (review.isPending) return <Skeleton className="h-40 rounded-2xl" aria-label="Loading the review" />
  // a failed read hides the section rather than offering a form that may not be wanted
  if (review.isError) return null
  if (review.data) {
    return (
      <Card className="p-5 sm:p-6" data-testid="deal-review">
        <h2 className="mb-4 text-base font-semibold">{deal.viewerRole === 'buyer' ? 'Your review' : `${deal.buyer.username}'s review`}</h2>
        <ReviewItem review={review.data} />
      </Card>
    )
  }
  if (deal.viewerRole === 'buyer') {
    return (
      <Card className="p-5 sm:p-6" data-testid="deal-review">
        <ReviewForm transactionId={deal.id} sellerName={deal.seller.username} />
      </Card>
    )
  }
  return (
    <Card className="flex items-start gap-3 p-5 text-sm text-muted-foreground sm:p-6" data-testid="deal-review">
      <MessageSquareText className="mt-0.5 size-5 shrink-0 text-navy-300" aria-hidden="true" />
      <p>{deal.buyer.username} has not reviewed this deal yet. A review shows here and on the seller page once they write one.</p>
    </Card>
  )
}
