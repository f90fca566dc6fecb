import { describeError } from '@/lib/api-client'
import { toast } from '@/hooks/use-toast'
import { QueueSection } from '@/components/admin/queue-section'
import { useReviewListing, useReviewQueue, type ReviewDecision } from '../api/review-queue'
import { ReviewQueueItem } from './review-queue-item'

/** New listings waiting for an admin, oldest first: approve, or reject with a reason the seller reads. */
export function ReviewQueue() {
  const queue = useReviewQueue(true)
  const review = useReviewListing()

  function decide(decision: ReviewDecision) {
    review.mutate(decision, {
      onSuccess: () =>
        toast({
          variant: 'success',
          title: decision.action === 'approve' ? 'Listing approved' : 'Listing rejected',
          description: decision.action === 'approve' ? 'It is live in the catalogue now.' : 'The seller has been told why.',
        }),
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Could not update the listing', description: describeError(error, 'Please try again.') }),
    })
  }

  const items = queue.data?.items ?? []
  return (
    <QueueSection
      id="listings"
      title="Listings awaiting review"
      shown={queue.data?.items.length}
      total={queue.data?.total}
      noun={['listing', 'listings']}
      end="oldest"
      isPending={queue.isPending}
      error={queue.error}
      errorText="The review queue could not be loaded."
      emptyText="Nothing to review. New listings appear here."
    >
      <ul className="mt-4 space-y-4">
        {items.map((listing) => (
          <ReviewQueueItem
            key={listing.id}
            listing={listing}
            busy={review.isPending && review.variables?.id === listing.id}
            onApprove={() => decide({ id: listing.id, action: 'approve' })}
            onReject={(reason) => decide({ id: listing.id, action: 'reject', reason })}
          />
        ))}
      </ul>
    </QueueSection>
  )
}
