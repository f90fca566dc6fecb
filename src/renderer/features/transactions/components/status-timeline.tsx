import { Check, Circle, CircleDot, ShieldAlert, XCircle } from 'lucide-react'
import type { TransactionDetailDto, TransactionEventDto } from '@shared/api/transactions'
import { Card } from '@/components/ui/card'
import { cn } from '@/lib/utils'
import { statusSteps, statusTone, type StatusStep } from '../lib/status'
import { formatDateTime } from '@/lib/dates'

const STATE_TEXT: Record<StatusStep['state'], string> = { done: 'done', current: 'current step', next: 'to come' }

function StepIcon({ step }: { step: StatusStep }) {
  const tone = statusTone(step.status)
  if (step.state === 'next') return <Circle className="size-5 text-navy-200" aria-hidden="true" />
  if (tone === 'negative') return <XCircle className="size-5 text-navy-500 dark:text-navy-300" aria-hidden="true" />
  if (tone === 'warning') return <ShieldAlert className="size-5 text-amber-600 dark:text-amber-400" aria-hidden="true" />
  if (step.state === 'current') return <CircleDot className="size-5 text-sky-600 dark:text-sky-400" aria-hidden="true" />
  return (
    <span className="flex size-5 items-center justify-center rounded-full bg-mint-500 text-white">
      <Check className="size-3.5" strokeWidth={3} aria-hidden="true" />
    </span>
  )
}

/** The statuses as a path: done, current, and what is still to come (an ordered list, so order is announced). */
function StatusPath({ deal }: { deal: TransactionDetailDto }) {
  const steps = statusSteps(deal)
  return (
    <ol className="grid gap-0" aria-label="Deal progress" data-testid="status-path">
      {steps.map((step, index) => (
        <li
          key={step.status}
          className="relative flex gap-3 pb-4 last:pb-0"
          data-state={step.state}
          data-status={step.status}
          aria-current={step.state === 'current' ? 'step' : undefined}
        >
          {index < steps.length - 1 && (
            <span
              className={cn(
                'absolute top-6 bottom-0 left-[0.5625rem] w-0.5',
                step.state === 'done' ? 'bg-mint-500/60' : 'bg-navy-100 dark:bg-navy-800',
              )}
              aria-hidden="true"
            />
          )}
          <span className="relative z-10 bg-card">
            <StepIcon step={step} />
          </span>
          <div className="min-w-0">
            <p
              className={cn(
                'text-sm',
                step.state === 'current' ? 'font-bold text-foreground' : step.state === 'next' ? 'text-muted-foreground' : 'font-medium',
              )}
            >
              {step.label}
              <span className="sr-only"> ({STATE_TEXT[step.state]})</span>
            </p>
            {step.at && (
              <p className="text-xs text-muted-foreground">
                <time dateTime={step.at}>{formatDateTime(step.at)}</time>
              </p>
            )}
          </div>
        </li>
      ))}
    </ol>
  )
}

const ACTOR_LABELS: Record<TransactionEventDto['actorRole'], string> = { buyer: 'Buyer', seller: 'Seller', admin: 'Admin', system: 'Handover' }

/** Everything that happened, newest first: steps and checklist ticks, each with who and when. */
function EventLog({ events }: { events: readonly TransactionEventDto[] }) {
  const newestFirst = [...events].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)
  if (newestFirst.length === 0) return null
  return (
    <div className="mt-6 border-t pt-5">
      <h3 className="text-sm font-semibold">Activity</h3>
      <ul className="mt-3 grid gap-3" data-testid="timeline-events">
        {newestFirst.map((event) => (
          <li key={event.id} className="grid gap-0.5 text-sm">
            {/* written by the server from user names and listing titles: text, never HTML */}
            <p className="wrap-anywhere">{event.note}</p>
            <p className="text-xs text-muted-foreground">
              {ACTOR_LABELS[event.actorRole]} · <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
            </p>
          </li>
        ))}
      </ul>
    </div>
  )
}

export function StatusTimeline({ deal }: { deal: TransactionDetailDto }) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="mb-4 text-base font-semibold">Timeline</h2>
      <StatusPath deal={deal} />
      <EventLog events={deal.timeline} />
    </Card>
  )
}
