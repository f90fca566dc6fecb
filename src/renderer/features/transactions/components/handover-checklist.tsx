import type { ReactNode } from 'react'
import { CheckCircle2, Circle, Clock, Loader2 } from 'lucide-react'
import type { ChecklistStepDto, TransactionDetailDto } from '@shared/api/transactions'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { ConfirmedStepTimes } from '@/components/confirmed-step-times'
import { toast } from '@/hooks/use-toast'
import { describeError } from '@/lib/api-client'
import { useActionKeys } from '@/lib/idempotency'
import { useTickChecklist } from '../api/tick-checklist'
import { checklistOpen, checklistProgress, stepState, tickFor } from '../lib/checklist'
import { formatDateTime } from '@/lib/dates'

function StatusLine({ icon: Icon, className, children }: { icon: typeof Clock; className: string; children: ReactNode }) {
  return (
    <p className={`flex items-start gap-1.5 text-xs ${className}`}>
      <Icon className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </p>
  )
}

function StepStatus({ step, open }: { step: ChecklistStepDto; open: boolean }) {
  const state = stepState(step)
  if (state === 'confirmed') {
    return (
      <StatusLine icon={CheckCircle2} className="text-mint-700 dark:text-mint-400">
        <ConfirmedStepTimes sellerDoneAt={step.sellerDoneAt} buyerConfirmedAt={step.buyerConfirmedAt!} />
      </StatusLine>
    )
  }
  if (state === 'waiting_buyer') {
    return (
      <StatusLine icon={Clock} className="text-sky-800 dark:text-sky-200">
        Done by the seller <time dateTime={step.sellerDoneAt!}>{formatDateTime(step.sellerDoneAt!)}</time>
        {open ? ', waiting for the buyer' : ''}
      </StatusLine>
    )
  }
  return (
    <StatusLine icon={Circle} className="text-muted-foreground">
      {open ? 'Waiting for the seller' : 'Not ticked'}
    </StatusLine>
  )
}

/**
 * The platform's handover steps, copied into the deal when it was paid. Each side ticks its own half: the seller
 * marks a step done, then the buyer confirms it; both are timestamped.
 */
export function HandoverChecklist({ deal }: { deal: TransactionDetailDto }) {
  const keys = useActionKeys()
  const tick = useTickChecklist(deal.id, keys)
  if (deal.checklist.length === 0) return null
  const run = (step: ChecklistStepDto) =>
    tick.mutate(step.id, {
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Could not update the checklist', description: describeError(error, 'Please try again.') }),
    })
  return (
    <Card className="p-5 sm:p-6" data-testid="handover-checklist">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold">Handover checklist</h2>
        <p className="text-sm text-muted-foreground">{checklistProgress(deal.checklist)}</p>
      </div>
      <ol className="mt-4 grid gap-3">
        {deal.checklist.map((step, index) => {
          const open = tickFor(step, deal)
          const running = tick.isPending && tick.variables === step.id
          return (
            <li
              key={step.id}
              data-testid="checklist-step"
              data-state={stepState(step)}
              className="flex flex-col gap-3 rounded-xl border p-3 sm:flex-row sm:items-start sm:justify-between sm:p-4"
            >
              <div className="min-w-0">
                <p className="font-medium">
                  <span className="text-muted-foreground">{index + 1}.</span> {step.title}
                </p>
                {step.description && <p className="mt-0.5 text-sm text-muted-foreground">{step.description}</p>}
                <div className="mt-1.5">
                  <StepStatus step={step} open={checklistOpen(deal.status)} />
                </div>
              </div>
              {open && (
                <Button
                  variant={open === 'confirm' ? 'default' : 'outline'}
                  size="sm"
                  className="shrink-0 self-start"
                  disabled={tick.isPending}
                  onClick={() => run(step)}
                  aria-label={`${open === 'confirm' ? 'Confirm' : 'Mark done'}: ${step.title}`}
                >
                  {running && <Loader2 className="animate-spin" aria-hidden="true" />}
                  {open === 'confirm' ? 'Confirm' : 'Mark done'}
                </Button>
              )}
            </li>
          )
        })}
      </ol>
    </Card>
  )
}
