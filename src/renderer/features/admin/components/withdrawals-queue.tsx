import { useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { PAYMENTS_PAGE_SIZE, rejectWithdrawalSchema, type AdminWithdrawalDto } from '@shared/api/payments'
import { formatRelativeTime } from '@shared/format'
import { Pager, showingText } from '@/components/pager'
import { Button } from '@/components/ui/button'
import { describeError } from '@/lib/api-client'
import { useCurrentUser } from '@/lib/auth'
import { cn } from '@/lib/utils'
import { toast } from '@/hooks/use-toast'
import { useDecideWithdrawal, usePendingWithdrawals } from '../api/withdrawals'
import { dollars } from '../lib/figures'
import { DecisionDialog } from './decision-dialog'
import { isPastEnd, PastEndNotice, pageCount } from './past-end-notice'
import { QueueSection } from './queue-section'

const reasonSchema = rejectWithdrawalSchema.shape.reason

function WithdrawalItem({ withdrawal }: { withdrawal: AdminWithdrawalDto }) {
  const [open, setOpen] = useState<'approve' | 'reject' | null>(null)
  const decide = useDecideWithdrawal()
  const { user } = useCurrentUser()
  const amount = dollars(withdrawal.amount)
  // the server refuses it too: money leaving the marketplace takes a second person
  const own = user?.id === withdrawal.userId

  function confirm(reason: string | undefined) {
    const decision = open === 'reject' ? { id: withdrawal.id, action: 'reject' as const, reason: reason ?? '' } : { id: withdrawal.id, action: 'approve' as const }
    decide.mutate(decision, {
      onSuccess: () => {
        setOpen(null)
        toast({
          variant: 'success',
          title: decision.action === 'approve' ? 'Withdrawal approved' : 'Withdrawal rejected',
          description: decision.action === 'approve' ? `${amount} is on its way to ${withdrawal.destination}.` : `${amount} is back in ${withdrawal.username}’s balance.`,
        })
      },
    })
  }

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border bg-card p-4 shadow-xs" data-testid="withdrawal-item">
      <div className="min-w-0">
        <p className="text-lg font-bold tabular-nums">{amount}</p>
        <p className="text-sm text-muted-foreground">
          <span className="font-medium text-foreground">{withdrawal.username}</span> to <span className="break-all">{withdrawal.destination}</span> · requested{' '}
          <time dateTime={withdrawal.createdAt}>{formatRelativeTime(withdrawal.createdAt)}</time>
        </p>
      </div>
      {own ? (
        <p className="text-sm text-muted-foreground">Your own withdrawal: another admin decides it.</p>
      ) : (
        <div className="flex gap-2">
          <Button onClick={() => setOpen('approve')}>Approve</Button>
          <Button variant="outline" onClick={() => setOpen('reject')}>
            Reject…
          </Button>
        </div>
      )}
      <DecisionDialog
        open={open !== null}
        onOpenChange={(next) => {
          if (!next) setOpen(null)
          decide.reset()
        }}
        title={open === 'reject' ? `Reject ${amount} for ${withdrawal.username}?` : `Pay out ${amount} to ${withdrawal.username}?`}
        description={
          open === 'reject'
            ? 'The money goes back to their balance and they see your reason.'
            : `The provider sends ${amount} to ${withdrawal.destination}. This cannot be undone.`
        }
        confirmLabel={open === 'reject' ? 'Reject withdrawal' : 'Approve payout'}
        destructive={open === 'reject'}
        note={open === 'reject' ? { label: 'Reason the user will see', schema: reasonSchema } : undefined}
        busy={decide.isPending}
        error={decide.error ? describeError(decide.error, 'The withdrawal could not be updated. Please try again.') : null}
        onConfirm={confirm}
      />
    </li>
  )
}

const PAGE_PARAM = 'withdrawalsPage'
const NOUN: [string, string] = ['withdrawal', 'withdrawals']

/** `?withdrawalsPage=` of the dashboard's URL: a whole number from 1, anything else the first page. */
export function withdrawalsPageOf(params: URLSearchParams): number {
  const page = Number(params.get(PAGE_PARAM))
  return Number.isInteger(page) && page >= 1 ? page : 1
}

/**
 * Withdrawals waiting for an admin, the longest waiting first, a page at a time (the page in the URL): approve the
 * payout, or reject it with a reason.
 */
export function WithdrawalsQueue() {
  const [params, setParams] = useSearchParams()
  const page = withdrawalsPageOf(params)
  const queue = usePendingWithdrawals(page)
  const total = queue.data?.total ?? 0
  const pages = pageCount(total, PAYMENTS_PAGE_SIZE)
  const pastEnd = queue.data !== undefined && isPastEnd(page, queue.data.items.length, total)

  function goTo(next: number) {
    setParams((current) => {
      const updated = new URLSearchParams(current)
      if (next > 1) updated.set(PAGE_PARAM, String(next))
      else updated.delete(PAGE_PARAM)
      return updated
    })
  }

  return (
    <QueueSection
      id="withdrawals"
      title="Withdrawals to approve"
      shown={pastEnd ? undefined : queue.data?.items.length}
      total={queue.data?.total}
      noun={NOUN}
      end="oldest"
      summary={queue.data && pages > 1 && !pastEnd ? showingText(page, PAYMENTS_PAGE_SIZE, total, NOUN[1]) : undefined}
      isPending={queue.isPending}
      error={queue.error}
      errorText="The withdrawals could not be loaded."
      emptyText="No withdrawals are waiting."
    >
      {pastEnd ? (
        <div className="mt-4">
          <PastEndNotice page={page} pages={pages} total={total} noun={NOUN} onPage={goTo} />
        </div>
      ) : (
        <>
          <ul className={cn('mt-4 space-y-3', queue.isPlaceholderData && 'opacity-60 transition-opacity')}>
            {queue.data?.items.map((withdrawal) => <WithdrawalItem key={withdrawal.id} withdrawal={withdrawal} />)}
          </ul>
          <div className="mt-4 flex justify-end">
            <Pager page={page} pages={pages} onPage={goTo} label="Withdrawals pages" />
          </div>
        </>
      )}
    </QueueSection>
  )
}
