import { AlertTriangle, CheckCircle2, XCircle } from 'lucide-react'
import type { DiagnosticStatus } from '@shared/api/diagnostics'
import { cn } from '@/lib/utils'

const MARKS = {
  ok: { Icon: CheckCircle2, tone: 'text-emerald-700 dark:text-emerald-400', label: 'Working' },
  degraded: { Icon: AlertTriangle, tone: 'text-amber-700 dark:text-amber-400', label: 'Slow' },
  down: { Icon: XCircle, tone: 'text-destructive', label: 'Down' },
} as const

/** A check's status as an icon and a word, so it never depends on colour alone. */
export function StatusMark({ status, className }: { status: DiagnosticStatus; className?: string }) {
  const { Icon, tone, label } = MARKS[status]
  return (
    <span data-status={status} className={cn('inline-flex shrink-0 items-center gap-1.5 text-sm font-semibold', tone, className)}>
      <Icon className="size-4" aria-hidden="true" />
      {label}
    </span>
  )
}
