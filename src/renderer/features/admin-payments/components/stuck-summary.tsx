import { CircleCheck, TriangleAlert } from 'lucide-react'
import type { PaymentMonitorSummary } from '@shared/api/admin-payments'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`

/** What is stuck right now, whatever the filters, with the one step that helps: show only those. */
export function StuckSummary({
  summary,
  showingStuck,
  onShowStuck,
}: {
  summary: PaymentMonitorSummary
  showingStuck: boolean
  onShowStuck: () => void
}) {
  const stuck = summary.stuckOrders + summary.stuckTransactions
  return (
    <div
      role="status"
      data-testid="stuck-summary"
      className={cn(
        'flex flex-wrap items-center gap-3 rounded-2xl border px-4 py-3 text-sm',
        stuck > 0 ? 'border-amber-200 dark:border-amber-800 bg-amber-50 dark:bg-amber-950/40 text-amber-950 dark:text-amber-100' : 'bg-card',
      )}
    >
      {stuck > 0 ? (
        <TriangleAlert className="size-5 shrink-0 text-amber-700 dark:text-amber-400" aria-hidden="true" />
      ) : (
        <CircleCheck className="size-5 shrink-0 text-mint-600 dark:text-mint-400" aria-hidden="true" />
      )}
      <p className="flex-1">
        {stuck > 0 ? (
          <>
            <strong>{plural(summary.stuckOrders, 'stuck order', 'stuck orders')}</strong> and{' '}
            <strong>{plural(summary.stuckTransactions, 'stuck escrow transaction', 'stuck escrow transactions')}</strong> need a look.
          </>
        ) : (
          'Nothing is stuck: every payment and escrow transaction is moving.'
        )}
      </p>
      {stuck > 0 && !showingStuck && (
        <Button variant="outline" size="sm" onClick={onShowStuck}>
          Show only stuck
        </Button>
      )}
    </div>
  )
}
