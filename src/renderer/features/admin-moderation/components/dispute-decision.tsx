import type { AdminDisputeDto } from '@shared/api/admin-dashboard'
import { refundWillGo, resolveRequestSchema, TRANSACTION_STATUS_LABELS, type TransactionStatus } from '@shared/api/transactions'
import { describeError } from '@/lib/api-client'
import type { ActionKeys } from '@/lib/idempotency'
import { toast } from '@/hooks/use-toast'
import { dollars } from '@/lib/admin/figures'
import { overtakenStep } from '@/lib/admin/overtaken'
import { DecisionDialog } from '@/components/admin/decision-dialog'
import { useDisputeStatus } from '../api/get-dispute-evidence'
import { useResolveDispute, type Resolution } from '../api/resolve-dispute'

const noteSchema = resolveRequestSchema.shape.note

/** What each decision does with the money, said before it is done. */
function consequence(dispute: AdminDisputeDto, resolution: Resolution) {
  const held = dollars(dispute.price + dispute.escrowFee)
  return resolution === 'release'
    ? `${dispute.seller.username} receives ${dollars(dispute.price)} in their balance and the ${dollars(dispute.escrowFee)} escrow fee goes to Handover. The deal is completed and the listing sold. Both parties read your note in the deal's chat.`
    : `All ${held} (price and escrow fee) goes ${refundWillGo(dispute.paymentMethod, `${dispute.buyer.username}’s`)}. The deal is refunded and the listing goes back on sale. Both parties read your note in the deal's chat.`
}

/**
 * How the dispute was settled, with the deal's new status; what changed before the status is known. `unanswered`: the
 * admin's own request got no answer, so the settlement may be theirs.
 */
function settledText(dispute: AdminDisputeDto, status: TransactionStatus | null, unanswered: boolean) {
  if (status === null) return 'Someone else changed this dispute while this dialog was open.'
  const label = TRANSACTION_STATUS_LABELS[status]
  const outcome =
    status === 'completed'
      ? `${dispute.seller.username} received the funds, and the deal is now ${label}`
      : status === 'refunded'
        ? `${dispute.buyer.username} got the money back, and the deal is now ${label}`
        : `the deal is now ${label}`
  if (unanswered) return `Your request got no answer, and the dispute has been settled since: ${outcome}. It may have been your own decision.`
  return status === 'completed' || status === 'refunded'
    ? `Another admin already settled this dispute: ${outcome}.`
    : `Someone else already settled this dispute: ${outcome}.`
}

interface DisputeDecisionProps {
  dispute: AdminDisputeDto
  resolution: Resolution
  /** whether the disputes queue still lists the dispute: when it stops, someone settled it */
  listed: boolean
  /** the queue's keys, so a retry after a lost answer reuses the first request's key */
  keys: ActionKeys
  onClose(): void
}

/**
 * Releasing the funds of a dispute to the seller, or refunding the buyer, asked first with a note for both parties.
 * The disputes queue keeps it outside its list: when another admin settles the dispute first, the queue drops it
 * and this stays open to say so, with the deal's new status and the admin's note to copy.
 */
export function DisputeDecision({ dispute, resolution, listed, keys, onClose }: DisputeDecisionProps) {
  const resolve = useResolveDispute(keys)
  const { refused, gone, unanswered } = overtakenStep(resolve, listed)
  const current = useDisputeStatus(dispute.id, gone)
  const status = gone && current.data !== undefined && current.data !== 'disputed' ? current.data : null
  const overtaken = status !== null || refused ? settledText(dispute, status, unanswered && status !== null) : null

  function confirm(note: string | undefined) {
    if (!note) return
    resolve.mutate(
      { transactionId: dispute.id, resolution, note },
      {
        onSuccess: () => {
          onClose()
          toast({
            variant: 'success',
            title: resolution === 'release' ? 'Funds released to the seller' : 'Buyer refunded',
            description: `${dispute.displayId} is settled.`,
          })
        },
      },
    )
  }

  return (
    <DecisionDialog
      open
      onOpenChange={(next) => {
        if (!next) onClose()
      }}
      title={resolution === 'refund' ? `Refund ${dispute.buyer.username}?` : `Release the funds to ${dispute.seller.username}?`}
      description={consequence(dispute, resolution)}
      confirmLabel={resolution === 'refund' ? 'Refund buyer' : 'Release to seller'}
      destructive={resolution === 'refund'}
      note={{ label: 'Note for both parties', schema: noteSchema, hint: 'Say what you decided on, for example what the evidence showed.' }}
      busy={resolve.isPending}
      error={resolve.error ? describeError(resolve.error, 'The dispute could not be settled. Please try again.') : null}
      overtaken={overtaken}
      overtakenMaybeMine={unanswered}
      onConfirm={confirm}
    />
  )
}
