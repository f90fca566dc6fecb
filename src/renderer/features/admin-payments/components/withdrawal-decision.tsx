import { rejectWithdrawalSchema, type AdminWithdrawalDto, type WithdrawalStatus } from '@shared/api/payments'
import { describeError } from '@/lib/api-client'
import type { ActionKeys } from '@/lib/idempotency'
import { toast } from '@/hooks/use-toast'
import { dollars } from '@/lib/admin/figures'
import { overtakenStep } from '@/lib/admin/overtaken'
import { DecisionDialog } from '@/components/admin/decision-dialog'
import { useDecideWithdrawal, useWithdrawalStatus } from '../api/withdrawals'

const reasonSchema = rejectWithdrawalSchema.shape.reason

export type WithdrawalAction = 'approve' | 'reject'

/**
 * How the withdrawal was decided; only that it was decided before the status is known. `unanswered`: the admin's own
 * request got no answer, so the decision may be theirs.
 */
function decidedText(withdrawal: AdminWithdrawalDto, status: WithdrawalStatus | null, unanswered: boolean) {
  const amount = dollars(withdrawal.amount)
  const outcome =
    status === 'approved'
      ? `${amount} is on its way to ${withdrawal.destination}`
      : status === 'rejected'
        ? `${amount} is back in ${withdrawal.username}’s balance`
        : null
  if (outcome === null) return 'Someone else already decided this withdrawal while this dialog was open.'
  if (unanswered) return `Your request got no answer, and the withdrawal has been ${status} since: ${outcome}. It may have been your own decision.`
  return `Another admin already ${status} this withdrawal: ${outcome}.`
}

interface WithdrawalDecisionProps {
  withdrawal: AdminWithdrawalDto
  action: WithdrawalAction
  /** whether the withdrawals queue still lists the withdrawal: when it stops, someone may have decided it */
  listed: boolean
  /** the queue's keys, so a retry after a lost answer reuses the first request's key */
  keys: ActionKeys
  onClose(): void
}

/**
 * Paying out a withdrawal, or rejecting it with a reason for the user, asked first. The withdrawals queue keeps it
 * outside its list: when another admin decides the withdrawal first, the queue drops it and this stays open to say
 * so, with the withdrawal's new status and the admin's reason to copy.
 */
export function WithdrawalDecision({ withdrawal, action, listed, keys, onClose }: WithdrawalDecisionProps) {
  const decide = useDecideWithdrawal(keys)
  const { refused, gone, unanswered } = overtakenStep(decide, listed)
  const current = useWithdrawalStatus(withdrawal.id, gone)
  // still requested when it only moved to another page of the queue
  const status = gone && current.data && current.data !== 'requested' ? current.data : null
  const overtaken = status !== null || refused ? decidedText(withdrawal, status, unanswered && status !== null) : null
  const amount = dollars(withdrawal.amount)

  function confirm(reason: string | undefined) {
    const decision = action === 'reject' ? { id: withdrawal.id, action, reason: reason ?? '' } : { id: withdrawal.id, action }
    decide.mutate(decision, {
      onSuccess: () => {
        onClose()
        toast({
          variant: 'success',
          title: action === 'approve' ? 'Withdrawal approved' : 'Withdrawal rejected',
          description:
            action === 'approve' ? `${amount} is on its way to ${withdrawal.destination}.` : `${amount} is back in ${withdrawal.username}’s balance.`,
        })
      },
    })
  }

  return (
    <DecisionDialog
      open
      onOpenChange={(next) => {
        if (!next) onClose()
      }}
      title={action === 'reject' ? `Reject ${amount} for ${withdrawal.username}?` : `Pay out ${amount} to ${withdrawal.username}?`}
      description={
        action === 'reject'
          ? 'The money goes back to their balance and they see your reason.'
          : `The provider sends ${amount} to ${withdrawal.destination}. This cannot be undone.`
      }
      confirmLabel={action === 'reject' ? 'Reject withdrawal' : 'Approve payout'}
      destructive={action === 'reject'}
      note={action === 'reject' ? { label: 'Reason the user will see', schema: reasonSchema } : undefined}
      busy={decide.isPending}
      error={decide.error ? describeError(decide.error, 'The withdrawal could not be updated. Please try again.') : null}
      overtaken={overtaken}
      overtakenMaybeMine={unanswered}
      onConfirm={confirm}
    />
  )
}
