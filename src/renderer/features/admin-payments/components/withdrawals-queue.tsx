import { useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { PAYMENTS_PAGE_SIZE, type AdminWithdrawalDto } from '@shared/api/payments'
import { formatRelativeTime } from '@shared/format'
import { Pager, showingText } from '@/components/pager'
import { Button } from '@/components/ui/button'
import { useCurrentUser } from '@/lib/auth'
import { useActionKeys } from '@/lib/idempotency'
import { cn } from '@/lib/utils'
import { dollars } from '@/lib/admin/figures'
import { stillListed } from '@/lib/admin/overtaken'
import { QueueSection } from '@/components/admin/queue-section'
import { usePendingWithdrawals } from '../api/withdrawals'
import { isPastEnd, PastEndNotice, pageCount } from './past-end-notice'
import { WithdrawalDecision, type WithdrawalAction } from './withdrawal-decision'

function WithdrawalItem({ withdrawal, onDecide }: { withdrawal: AdminWithdrawalDto; onDecide(action: WithdrawalAction): void }) {
  const { user } = useCurrentUser()
  // the server refuses it too: money leaving the marketplace takes a second person
  const own = user?.id === withdrawal.userId
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border bg-card p-4 shadow-xs" data-testid="withdrawal-item">
      <div className="min-w-0">
        <p className="text-lg font-bold tabular-nums">{dollars(withdrawal.amount)}</p>
        <p className="text-sm text-muted-foreground">
          <span className="font-medium text-foreground">{withdrawal.username}</span> to <span className="break-all">{withdrawal.destination}</span> ·
          requested <time dateTime={withdrawal.createdAt}>{formatRelativeTime(withdrawal.createdAt)}</time>
        </p>
      </div>
      {own ? (
        <p className="text-sm text-muted-foreground">Your own withdrawal: another admin decides it.</p>
      ) : (
        <div className="flex gap-2">
          <Button onClick={() => onDecide('approve')}>Approve</Button>
          <Button variant="outline" onClick={() => onDecide('reject')}>
            Reject…
          </Button>
        </div>
      )}
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
  const [deciding, setDeciding] = useState<{ withdrawal: AdminWithdrawalDto; action: WithdrawalAction } | null>(null)
  const keys = useActionKeys()
  const total = queue.data?.total ?? 0
  const pages = pageCount(total, PAYMENTS_PAGE_SIZE)
  const pastEnd = queue.data !== undefined && isPastEnd(page, queue.data.items.length, total)
  // one that leaves the page while being decided was decided, or moved up to an earlier page: its status tells which
  const listed = !deciding || stillListed(queue.data?.items, deciding.withdrawal.id)

  function goTo(next: number) {
    setParams((current) => {
      const updated = new URLSearchParams(current)
      if (next > 1) updated.set(PAGE_PARAM, String(next))
      else updated.delete(PAGE_PARAM)
      return updated
    })
  }

  return (
    <>
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
              {queue.data?.items.map((withdrawal) => (
                <WithdrawalItem key={withdrawal.id} withdrawal={withdrawal} onDecide={(action) => setDeciding({ withdrawal, action })} />
              ))}
            </ul>
            <div className="mt-4 flex justify-end">
              <Pager page={page} pages={pages} onPage={goTo} label="Withdrawals pages" />
            </div>
          </>
        )}
      </QueueSection>
      {/* outside the list, so a live event or a refetch that drops the withdrawal does not take the dialog and its reason along */}
      {deciding && (
        <WithdrawalDecision
          key={`${deciding.withdrawal.id}:${deciding.action}`}
          {...deciding}
          listed={listed}
          keys={keys}
          onClose={() => setDeciding(null)}
        />
      )}
    </>
  )
}
