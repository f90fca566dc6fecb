import type { ReactNode } from 'react'
import type { AdminUserDto } from '@shared/api/moderation'
import { cn } from '@/lib/utils'
import { Button } from '@/components/ui/button'
import type { ActionCopy } from '../lib/moderation-actions'

/** Shared by the two moderation tables: the date format, a status pill, the flags cell and the action buttons. */

export const WHEN = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' })

const TONES = {
  good: 'bg-emerald-50 dark:bg-emerald-950/40 text-emerald-900 dark:text-emerald-200',
  bad: 'bg-red-50 dark:bg-red-950/40 text-red-800 dark:text-red-200',
  warn: 'bg-amber-100 dark:bg-amber-900/40 text-amber-800 dark:text-amber-200',
  muted: 'bg-muted text-navy-700 dark:text-navy-200',
} as const

export function StatusPill({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return (
    <span className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap', TONES[tone])}>{children}</span>
  )
}

/** How often it was flagged and the newest note, clipped; the whole note is in the tooltip. */
export function FlagsCell({ flags, lastFlag }: Pick<AdminUserDto, 'flags' | 'lastFlag'>) {
  if (flags === 0) return <span className="text-muted-foreground">—</span>
  return (
    <div className="max-w-56">
      <StatusPill tone="warn">{flags === 1 ? '1 flag' : `${flags} flags`}</StatusPill>
      {lastFlag && (
        <p className="mt-1 truncate text-xs text-muted-foreground" title={lastFlag.note}>
          {lastFlag.note}
        </p>
      )}
    </div>
  )
}

/** One button per action the row offers, each named with its target for screen readers ("Ban alice"). */
export function ActionButtons<A extends string>({
  actions,
  copyOf,
  target,
  onAction,
}: {
  actions: A[]
  copyOf: (action: A) => ActionCopy
  target: string
  onAction: (action: A) => void
}) {
  if (actions.length === 0) return <span className="text-muted-foreground">—</span>
  return (
    <div className="flex flex-wrap justify-end gap-1.5">
      {actions.map((action) => {
        const copy = copyOf(action)
        return (
          <Button
            key={action}
            size="sm"
            variant="outline"
            aria-label={`${copy.label} ${target}`}
            className={cn('h-8 px-2.5', copy.destructive && 'text-destructive hover:bg-red-50 dark:hover:bg-red-950/40')}
            onClick={() => onAction(action)}
          >
            {copy.label}
          </Button>
        )
      })}
    </div>
  )
}
