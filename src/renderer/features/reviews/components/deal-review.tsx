import { MessageSquareText, ShieldAlert } from 'lucide-react'
import type { TransactionDto } from '@shared/api/transactions'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { formatLongDate } from '@/lib/dates'
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
  const { review: written, removed } = review.data
  if (written) {
    return (
      <Card className="p-5 sm:p-6" data-testid="deal-review">
        <h2 className="mb-4 text-base font-semibold">{deal.viewerRole === 'buyer' ? 'Your review' : `${deal.buyer.username}'s review`}</h2>
        <ReviewItem review={written} />
      </Card>
    )
  }
  if (removed) {
    return (
      <Card className="flex items-start gap-3 p-5 text-sm sm:p-6" data-testid="deal-review">
        <ShieldAlert className="mt-0.5 size-5 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden="true" />
        <div>
          <p className="font-semibold">
            {deal.viewerRole === 'buyer' ? 'An admin removed your review' : `An admin removed ${deal.buyer.username}'s review`} on{' '}
            {formatLongDate(removed.removedAt)}.
          </p>
          <p className="mt-1 text-muted-foreground">Reason: {removed.reason}</p>
          <p className="mt-1 text-muted-foreground">
            It no longer shows on the seller page or counts in the rating, and this deal cannot be reviewed again.
          </p>
        </div>
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
