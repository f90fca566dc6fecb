import type { ReactNode } from 'react'
import { Skeleton } from '@/components/ui/skeleton'
import { describeError } from '@/lib/api-client'

interface QueueSectionProps {
  id: string
  title: string
  /** the list's page and the whole queue's size; undefined while loading */
  shown?: number
  total?: number
  noun: [singular: string, plural: string]
  /** "oldest" or "newest": which end of the queue the page holds */
  end: 'oldest' | 'newest'
  /** says which rows are shown instead of the count, for a queue with pages ("Showing 21-40 of 45 withdrawals") */
  summary?: string
  isPending: boolean
  error: unknown
  errorText: string
  emptyText: string
  children: ReactNode
}

/** The whole queue's size; the page holds only one end of it, so say so when some are left out. */
export function QueueCount({ shown, total, noun, end }: { shown: number; total: number; noun: [string, string]; end: 'oldest' | 'newest' }) {
  const count = total === 1 ? `1 ${noun[0]}` : `${total.toLocaleString('en-US')} ${noun[1]}`
  return <span className="text-sm text-muted-foreground">{shown < total ? `${count}, ${end} ${shown.toLocaleString('en-US')} shown` : count}</span>
}

/** One of the dashboard's queues: its heading and count, then loading, error, empty or its items. */
export function QueueSection({ id, title, shown, total, noun, end, summary, isPending, error, errorText, emptyText, children }: QueueSectionProps) {
  const headingId = `${id}-heading`
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-semibold">
          {title}
        </h2>
        {summary !== undefined ? (
          <span className="text-sm text-muted-foreground">{summary}</span>
        ) : (
          shown !== undefined && total !== undefined && <QueueCount shown={shown} total={total} noun={noun} end={end} />
        )}
      </div>
      {isPending && (
        <div className="mt-4 space-y-3" aria-hidden="true">
          <Skeleton className="h-24 w-full rounded-2xl" />
          <Skeleton className="h-24 w-full rounded-2xl" />
        </div>
      )}
      {error ? (
        <p role="alert" className="mt-4 text-destructive">
          {describeError(error, errorText)}
        </p>
      ) : null}
      {shown === 0 && <p className="mt-4 rounded-2xl border border-dashed p-8 text-center text-muted-foreground">{emptyText}</p>}
      {children}
    </section>
  )
}
