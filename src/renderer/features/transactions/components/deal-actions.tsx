import { useState } from 'react'
import { ShieldAlert } from 'lucide-react'
import type { TransactionAction, TransactionDetailDto } from '@shared/api/transactions'
import { Card } from '@/components/ui/card'
import { checkoutOpenFor } from '@/lib/payment-storage'
import { cn } from '@/lib/utils'
import { buttonActions } from '../lib/actions'
import { guidance } from '../lib/guidance'
import { useOpenActions } from '../hooks/use-open-actions'
import { useRefreshDeal } from '../hooks/use-refresh-deal'
import { DealTimers } from './deal-timers'
import { PayPanel } from './pay-panel'
import { StepButton } from './step-button'

/**
 * The viewer's step buttons (`actions`: what the deal offers now), each with its confirmation. The step whose dialog is
 * open stays while it is open, even once the deal has moved on without it (the other side, an admin or a deadline got
 * there first): the dialog then says so and keeps what was typed, instead of vanishing.
 */
export function StepButtons({
  deal,
  actions,
  size = 'lg',
  className,
}: {
  deal: TransactionDetailDto
  actions: readonly TransactionAction[]
  size?: 'lg' | 'sm'
  className?: string
}) {
  const buttons = buttonActions(actions)
  const [opened, setOpened] = useState<TransactionAction | null>(null)
  const kept = opened !== null && !buttons.includes(opened) ? [opened] : []
  if (buttons.length + kept.length === 0) return null
  return (
    <div className={cn('flex flex-col gap-2 sm:flex-row sm:flex-wrap', className)} role="group" aria-label="Your next steps">
      {[...buttons, ...kept].map((action) => (
        <StepButton
          key={action}
          deal={deal}
          action={action}
          offered={buttons.includes(action)}
          open={opened === action}
          onOpenChange={(open) => setOpened(open ? action : null)}
          size={size}
        />
      ))}
    </div>
  )
}

/** "What happens now": the viewer's next step in words, the running clock, and only the steps the server allows. */
export function DealActions({ deal }: { deal: TransactionDetailDto }) {
  const refresh = useRefreshDeal(deal.id)
  const { actions, lapsed } = useOpenActions(deal)
  return (
    <Card className="p-5 sm:p-6" data-testid="deal-actions">
      <h2 className="text-base font-semibold">What happens now</h2>
      <p className="mt-2 text-navy-700 dark:text-navy-200" data-testid="deal-guidance">
        {guidance(deal, lapsed, lapsed === 'reservation' && checkoutOpenFor(deal.id))}
      </p>
      <div className="mt-4 empty:hidden">
        <DealTimers deal={deal} onElapsed={refresh} />
      </div>
      {deal.status === 'disputed' && deal.disputeReason && (
        <div className="mt-4 flex gap-3 rounded-xl border border-amber-200 dark:border-amber-800 bg-amber-50 dark:bg-amber-950/40 p-3 text-sm text-amber-950 dark:text-amber-100">
          <ShieldAlert className="mt-0.5 size-5 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden="true" />
          <div className="min-w-0">
            <p className="font-semibold">Reason for the dispute</p>
            <p className="mt-0.5 wrap-anywhere whitespace-pre-line">{deal.disputeReason}</p>
          </div>
        </div>
      )}
      {actions.includes('pay') && <PayPanel deal={deal} />}
      <StepButtons deal={deal} actions={actions} className="mt-5" />
    </Card>
  )
}
