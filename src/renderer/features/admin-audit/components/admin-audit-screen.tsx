import { useSearchParams } from 'react-router-dom'
import { ScrollText } from 'lucide-react'
import { AUDIT_PAGE_SIZE, type AuditQuery } from '@shared/api/audit'
import { Pager, showingText } from '@/components/pager'
import { StateNotice } from '@/components/state-notice'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { describeError } from '@/lib/api-client'
import { AdminShell } from '@/components/admin/admin-shell'
import { useAuditPage } from '../api/audit-log'
import { auditSearchParams, hasAuditFilters, readAuditQuery, withAuditFilters, type AuditFilterKey } from '../lib/audit-filters'
import { AuditFilterBar } from './audit-filter-bar'
import { AuditTable } from './audit-table'

/** /admin/audit: every admin action, newest first, filtered and paged through the URL. */
export function AdminAuditScreen() {
  return (
    <AdminShell title="Audit Log">
      <AuditLog />
    </AdminShell>
  )
}

function AuditLog() {
  const [params, setParams] = useSearchParams()
  const query = readAuditQuery(params)
  const page = useAuditPage(query)
  const filter = (changes: Partial<Record<AuditFilterKey, string>>) => setParams(withAuditFilters(query, changes))
  const clear = () => setParams(new URLSearchParams())
  const goTo = (next: number) => setParams(auditSearchParams({ ...query, page: next }))
  // the pager under the table also brings the reader back to the top of the new page
  const goToFromBottom = (next: number) => {
    goTo(next)
    window.scrollTo({ top: 0 })
  }

  const total = page.data?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE))
  return (
    <div className="grid grid-cols-1 gap-5">
      <AuditFilterBar key={`${query.targetId ?? ''}|${query.adminId ?? ''}`} query={query} onChange={filter} onClear={clear} />
      {page.isPending && <TableSkeleton />}
      {page.error && (
        <p role="alert" className="rounded-2xl border border-destructive/30 bg-destructive/5 p-6 text-destructive">
          {describeError(page.error, 'The audit log could not be loaded.')}
        </p>
      )}
      {page.data && page.data.items.length === 0 && <EmptyLog query={query} total={total} onFirstPage={() => goTo(1)} onClear={clear} />}
      {page.data && page.data.items.length > 0 && (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3" aria-busy={page.isPlaceholderData}>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {showingText(query.page, AUDIT_PAGE_SIZE, total, total === 1 ? 'entry' : 'entries')}
            </p>
            <Pager page={query.page} pages={pages} onPage={goTo} label="Audit log pages" />
          </div>
          <div className={page.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            <AuditTable entries={page.data.items} onFilter={filter} />
          </div>
          <div className="flex justify-end">
            <Pager page={query.page} pages={pages} onPage={goToFromBottom} label="Audit log pages, bottom" />
          </div>
        </>
      )}
    </div>
  )
}

/** Why the page is empty, and the one thing that helps: the first page, or no filters. */
function EmptyLog({ query, total, onFirstPage, onClear }: { query: AuditQuery; total: number; onFirstPage: () => void; onClear: () => void }) {
  const icon = <ScrollText className="size-7" aria-hidden="true" />
  if (total > 0) {
    return (
      <StateNotice
        icon={icon}
        title="No entries on this page"
        text={`This page is past the last of ${total.toLocaleString('en-US')} matching entries.`}
      >
        <Button variant="outline" onClick={onFirstPage}>
          Go to the first page
        </Button>
      </StateNotice>
    )
  }
  if (hasAuditFilters(query)) {
    return (
      <StateNotice icon={icon} title="No entries match these filters" text="Try another action or target, or clear the filters.">
        <Button variant="outline" onClick={onClear}>
          Clear filters
        </Button>
      </StateNotice>
    )
  }
  return <StateNotice icon={icon} title="No admin actions yet" text="Every approval, ban, refund and settings change will be listed here." />
}

function TableSkeleton() {
  return (
    <div className="grid gap-2" aria-hidden="true">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-14 w-full rounded-xl" />
      ))}
    </div>
  )
}
