import { useState } from 'react'
import { Trash2 } from 'lucide-react'
import { moderationReasonSchema } from '@shared/api/moderation'
import type { ReviewDto } from '@shared/api/reviews'
import { Button } from '@/components/ui/button'
import { toast } from '@/hooks/use-toast'
import { describeError } from '@/lib/api-client'
import { DecisionDialog } from '@/components/admin/decision-dialog'
import { useRemoveReview } from '../api/remove-review'

const reasonSchema = moderationReasonSchema.shape.reason

/**
 * An admin's Remove… on a review: asked first with the reason, which the audit log keeps and the deal's parties see.
 * The review then leaves the seller's page and rating; the dialog stays open with the server's message on a refusal.
 */
export function RemoveReviewButton({ review }: { review: ReviewDto }) {
  const [open, setOpen] = useState(false)
  const remove = useRemoveReview()

  function confirm(reason: string | undefined) {
    remove.mutate(
      { id: review.id, reason: reason ?? '' },
      {
        onSuccess: () => {
          setOpen(false)
          toast({
            variant: 'success',
            title: 'Review removed',
            description: `${review.reviewer.username}'s review no longer shows or counts in the rating.`,
          })
        },
      },
    )
  }

  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} aria-label={`Remove the review by ${review.reviewer.username}`}>
        <Trash2 aria-hidden="true" />
        Remove…
      </Button>
      <DecisionDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next)
          remove.reset()
        }}
        title={`Remove ${review.reviewer.username}'s review?`}
        description={
          <>
            It leaves the seller page and the seller&apos;s rating. The buyer and the seller see on the deal that an admin removed it, with your
            reason, and the deal cannot be reviewed again. The audit log keeps what it said.
          </>
        }
        confirmLabel="Remove review"
        destructive
        note={{ label: 'Reason (shown to the buyer and the seller)', schema: reasonSchema }}
        busy={remove.isPending}
        error={remove.error ? describeError(remove.error, 'The review could not be removed. Try again.') : null}
        onConfirm={confirm}
      />
    </>
  )
}
