import { CheckCircle2, XCircle } from 'lucide-react'
import { formatBalance } from '@/lib/money-display'
import { DismissButton } from '@/components/dismiss-button'
import { cn } from '@/lib/utils'
import type { DepositReturn } from '../lib/deposit-return'
import { RETURN_TEXTS } from '../lib/return-flow'

export const DEPOSIT_NOTICE_TEXTS = {
  added: (amount: string) => `Deposit of ${amount} added to your balance.`,
  addedNoAmount: 'Your deposit was added to your balance.',
  // the return screen's own words for a cancel (SPEC §4), so the balance says what the person just read there
  cancelled: RETURN_TEXTS.cancelled,
} as const

export function depositNoticeText(notice: DepositReturn): string {
  if (notice.outcome === 'cancelled') return DEPOSIT_NOTICE_TEXTS.cancelled
  return notice.amount !== null ? DEPOSIT_NOTICE_TEXTS.added(formatBalance(notice.amount)) : DEPOSIT_NOTICE_TEXTS.addedNoAmount
}

/**
 * /balance after a deposit's return screen: the deposit arrived, or was cancelled. The region is there before the
 * notice, so a screen reader says it politely when it appears.
 */
export function DepositReturnNotice({ notice, onDismiss }: { notice: DepositReturn | null; onDismiss: () => void }) {
  const paid = notice?.outcome === 'paid'
  const Icon = paid ? CheckCircle2 : XCircle
  return (
    <div role="status" aria-live="polite">
      {notice && (
        <div
          className={cn(
            'mt-6 flex items-start gap-3 rounded-2xl border p-4',
            paid
              ? 'border-mint-500/50 bg-mint-300/15 text-foreground dark:border-mint-400/40 dark:bg-mint-400/10'
              : 'border-amber-200 dark:border-amber-800 bg-amber-50 dark:bg-amber-950/40 text-amber-950 dark:text-amber-100',
          )}
          data-testid="deposit-return"
          data-outcome={notice.outcome}
        >
          <Icon
            className={cn('mt-0.5 size-5 shrink-0', paid ? 'text-mint-700 dark:text-mint-400' : 'text-amber-700 dark:text-amber-400')}
            aria-hidden="true"
          />
          <p className="min-w-0 flex-1 font-semibold break-words">{depositNoticeText(notice)}</p>
          <DismissButton onClick={onDismiss} className="size-8 hover:bg-black/5 dark:hover:bg-white/10 focus-visible:ring-ring" />
        </div>
      )}
    </div>
  )
}
