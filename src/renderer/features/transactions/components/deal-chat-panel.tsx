import { useId, useState } from 'react'
import { Link } from 'react-router-dom'
import { ChevronDown, ListChecks } from 'lucide-react'
import type { TransactionDetailDto } from '@shared/api/transactions'
import { transactionDisplayId } from '@shared/format'
import { paths } from '@/config/paths'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'
import { useTransaction } from '../api/get-transaction'
import { useOpenActions } from '../hooks/use-open-actions'
import { useRefreshDeal } from '../hooks/use-refresh-deal'
import { checklistProgress } from '../lib/checklist'
import { nextStep } from '../lib/guidance'
import { StepButtons } from './deal-actions'
import { DealTimers } from './deal-timers'
import { StatusBadge } from './status-badge'

/**
 * The deal above its chat: where it stands, the next step and whose it is, the viewer's step buttons (the deal page's
 * own, with their confirmations), the running clock and the checklist's progress. Under 640 px only the first two
 * show until opened, unless the next step is the viewer's, so the conversation keeps the screen.
 */
function DealPanel({ deal }: { deal: TransactionDetailDto }) {
  const refresh = useRefreshDeal(deal.id)
  const { actions, lapsed } = useOpenActions(deal)
  const step = nextStep(deal, lapsed)
  // open while the step is the viewer's, until they choose for themselves
  const [chosen, setChosen] = useState<boolean | null>(null)
  const open = chosen ?? step.yours
  const detailsId = useId()
  const displayId = transactionDisplayId(deal.id)
  return (
    <section aria-label={`Deal ${displayId}`} data-testid="deal-panel" className="shrink-0 border-b bg-card px-3 py-2.5 sm:px-5">
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <Link to={paths.transaction(deal.id)} className="font-mono text-sm font-bold underline-offset-4 hover:underline">
              {displayId}
            </Link>
            <StatusBadge status={deal.status} />
          </p>
          <p
            data-testid="deal-panel-next"
            data-yours={step.yours}
            className={cn('mt-1 text-sm', step.yours ? 'font-semibold text-foreground' : 'text-muted-foreground')}
          >
            {step.text}
          </p>
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="-mr-1 shrink-0 sm:hidden"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setChosen(!open)}
        >
          {open ? 'Less' : 'More'}
          <ChevronDown className={cn('transition-transform', open && 'rotate-180')} aria-hidden="true" />
        </Button>
      </div>
      <div id={detailsId} data-testid="deal-panel-details" className={cn('mt-2 flex-col gap-2 sm:flex', open ? 'flex' : 'hidden')}>
        <DealTimers deal={deal} onElapsed={refresh} compact />
        <StepButtons deal={deal} actions={actions} size="sm" />
        {actions.includes('pay') && (
          <Button asChild size="sm" className="self-start">
            <Link to={paths.transaction(deal.id)}>Pay on the deal page</Link>
          </Button>
        )}
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          {deal.checklist.length > 0 && (
            <span className="inline-flex items-center gap-1.5" data-testid="deal-panel-checklist">
              <ListChecks className="size-4 shrink-0" aria-hidden="true" />
              Handover checklist: {checklistProgress(deal.checklist)}
            </span>
          )}
          <Link to={paths.transaction(deal.id)} className="font-semibold text-mint-700 underline-offset-4 hover:underline dark:text-mint-400">
            Open the deal page
          </Link>
        </p>
      </div>
    </section>
  )
}

/**
 * The deal a conversation belongs to, for the chat's deal slot: the same query as the deal page, so the live deal
 * events that refresh that page refresh this too. A deal the viewer may not see (404) shows nothing.
 */
export function DealChatPanel({ transactionId }: { transactionId: number }) {
  const deal = useTransaction(transactionId, true)
  if (deal.data) return <DealPanel deal={deal.data} />
  if (deal.data === null) return null
  if (deal.isError) {
    return (
      <p role="alert" className="flex shrink-0 flex-wrap items-center gap-x-2 border-b bg-card px-3 py-2 text-sm text-muted-foreground sm:px-5">
        Could not load the deal.
        <Button variant="link" size="sm" className="h-auto px-0" onClick={() => void deal.refetch()}>
          Try again
        </Button>
      </p>
    )
  }
  return (
    <div className="shrink-0 border-b bg-card px-3 py-2.5 sm:px-5" aria-label="Loading the deal">
      <Skeleton className="h-4 w-40" />
      <Skeleton className="mt-2 h-4 w-64 max-w-full" />
    </div>
  )
}
