import type { ReactNode } from 'react'
import { TriangleAlert } from 'lucide-react'

/**
 * A dialog's decision that can no longer be made, because someone or something got there first: what happened, and
 * (`kept`) what becomes of the text the person typed, which the dialog keeps read-only to copy.
 */
export function OvertakenNotice({ testId, kept, children }: { testId: string; kept?: ReactNode; children: ReactNode }) {
  return (
    <div
      role="alert"
      data-testid={testId}
      className="mt-4 flex gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden="true" />
      <div className="grid gap-1">
        <p>{children}</p>
        {kept && <p>{kept}</p>}
      </div>
    </div>
  )
}
