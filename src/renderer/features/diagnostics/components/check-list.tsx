import type { ReactNode } from 'react'
import type { DiagnosticStatus } from '@shared/api/diagnostics'
import { StatusMark } from './status-mark'

export interface CheckRowProps {
  label: string
  hint: string
  status: DiagnosticStatus
  /** admins only: what the check found, how long it took, whether the site needs it */
  message?: string
  latencyMs?: number
  required?: boolean
}

export function CheckList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="divide-y rounded-xl border">
      {children}
    </ul>
  )
}

/** One check: what it is for, its status, and for admins its findings. */
export function CheckRow({ label, hint, status, message, latencyMs, required }: CheckRowProps) {
  return (
    // on a phone the status goes under the text when both do not fit abreast
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 px-4 py-3">
      <div className="min-w-0 flex-1 basis-48">
        <p className="font-medium">
          {label}
          {required && (
            <span className="ml-2 rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-navy-700 dark:text-navy-200">Required</span>
          )}
        </p>
        <p className="text-sm text-muted-foreground">{hint}</p>
        {message && (
          <p className="mt-1 text-xs break-words text-navy-700 dark:text-navy-200">
            {message}
            {typeof latencyMs === 'number' && <span className="text-muted-foreground"> · {latencyMs} ms</span>}
          </p>
        )}
      </div>
      <StatusMark status={status} />
    </li>
  )
}
