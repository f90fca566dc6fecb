import type { ReactNode } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import { SearchX } from 'lucide-react'
import { MODERATION_PAGE_SIZE } from '@shared/api/moderation'
import { useLastPageRedirect } from '@/hooks/use-last-page-redirect'
import { Pager, showingText } from '@/components/pager'
import { LoadFailedNotice } from '@/components/load-failed-notice'
import { StateNotice } from '@/components/state-notice'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import type { Page } from '@/lib/admin/total-count'

interface ModerationResultsProps<T> {
  list: UseQueryResult<Page<T>>
  page: number
  /** users or listings, for the texts */
  noun: string
  filtered: boolean
  onPage(page: number, replace?: boolean): void
  onClear(): void
  children(items: T[]): ReactNode
}

/** A moderation list's states around its table: loading, failed (with Try Again), empty, and the pager. */
export function ModerationResults<T>({ list, page, noun, filtered, onPage, onClear, children }: ModerationResultsProps<T>) {
  const { total, pages, settling } = useLastPageRedirect(list, page, MODERATION_PAGE_SIZE, (last) => onPage(last, true))

  if (list.isPending || settling) {
    return (
      <div className="grid gap-2" aria-label={`Loading ${noun}`}>
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} className="h-14 w-full rounded-xl" />
        ))}
      </div>
    )
  }
  if (list.isError) {
    return (
      <LoadFailedNotice title={`Could not load the ${noun}`} error={list.error} fallback={list.error.message} onRetry={() => void list.refetch()} />
    )
  }
  if (list.data.items.length === 0) {
    return (
      <StateNotice
        icon={<SearchX className="size-7" aria-hidden="true" />}
        title={filtered ? `No ${noun} match this search` : `No ${noun} yet`}
        text={filtered ? 'Try other words or another filter.' : 'They appear here as soon as there are any.'}
      >
        {filtered && (
          <Button variant="outline" onClick={onClear}>
            Clear filters
          </Button>
        )}
      </StateNotice>
    )
  }
  return (
    <div aria-busy={list.isFetching}>
      {children(list.data.items)}
      <footer className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {showingText(page, MODERATION_PAGE_SIZE, total, noun)}
        </p>
        <Pager page={page} pages={pages} onPage={(next) => onPage(next)} label={`Pages of ${noun}`} />
      </footer>
    </div>
  )
}
