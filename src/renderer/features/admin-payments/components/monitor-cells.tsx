import { TriangleAlert } from 'lucide-react'
import type { StuckFlag } from '@shared/api/admin-payments'
import { formatRelativeTime } from '@shared/format'
import { formatBalance } from '@/lib/money-display'
import { cn } from '@/lib/utils'

export type Tone = 'active' | 'positive' | 'negative' | 'warning' | 'danger'

const TONES: Record<Tone, string> = {
  active: 'bg-sky-50 dark:bg-sky-950/40 text-sky-800 dark:text-sky-200 ring-sky-200 dark:ring-sky-800',
  positive: 'bg-mint-300/20 dark:bg-mint-400/10 text-mint-700 dark:text-mint-400 ring-mint-500/30',
  negative: 'bg-muted text-navy-600 dark:text-navy-300 ring-border',
  warning: 'bg-amber-50 dark:bg-amber-950/40 text-amber-900 dark:text-amber-200 ring-amber-200 dark:ring-amber-800',
  danger: 'bg-red-50 dark:bg-red-950/40 text-red-800 dark:text-red-200 ring-red-200 dark:ring-red-800',
}

/** A status in words, coloured by what it means for the money. */
export function StatusPill({ label, tone, status }: { label: string; tone: Tone; status: string }) {
  return (
    <span
      data-status={status}
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset', TONES[tone])}
    >
      {label}
    </span>
  )
}

/** Why the server calls a row stuck, under its status. */
export function StuckNote({ stuck }: { stuck: StuckFlag }) {
  return (
    <span data-testid="stuck-reason" className="mt-1.5 flex items-start gap-1 text-xs font-medium text-amber-900 dark:text-amber-200">
      <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span>
        <span className="sr-only">Stuck: </span>
        {stuck.message}
      </span>
    </span>
  )
}

const WHEN = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
})

/** "12 minutes ago", the exact time in the tooltip. */
export function Age({ iso, now }: { iso: string; now: Date }) {
  const date = new Date(iso)
  return (
    <time dateTime={iso} title={WHEN.format(date)} className="whitespace-nowrap">
      {formatRelativeTime(date, now)}
    </time>
  )
}

/** Dollars from the API, always with cents: the monitor is about exact amounts. */
export const dollars = (amount: number) => formatBalance(amount.toFixed(2))

/** A stuck row stands out in amber. */
export const rowTone = (stuck: StuckFlag | null) => (stuck ? 'bg-amber-50/70 dark:bg-amber-950/30' : undefined)
