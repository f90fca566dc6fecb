import { useSearchParams } from 'react-router-dom'
import { MessagesSquare, SearchX } from 'lucide-react'
import { ADMIN_CONVERSATIONS_PAGE_SIZE } from '@shared/api/admin-conversations'
import { Pager, showingText } from '@/components/pager'
import { LoadFailedNotice } from '@/components/load-failed-notice'
import { StateNotice } from '@/components/state-notice'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'
import { AdminShell } from '@/components/admin/admin-shell'
import { useAdminConversations } from '../api/get-admin-conversations'
import { FLAG_FILTERS, FLAG_LABELS, parseFilters, toSearchParams, withFilter, type ConversationFilters } from '../lib/conversation-filters'
import { ConversationRow } from './conversation-row'
import { ConversationSearch } from './conversation-search'

const isFiltered = (filters: ConversationFilters) => Boolean(filters.q) || FLAG_FILTERS.some((flag) => filters[flag])

function FilterBar({ filters, onChange }: { filters: ConversationFilters; onChange(next: ConversationFilters, replace?: boolean): void }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ConversationSearch value={filters.q} onCommit={(q) => onChange(withFilter(filters, { q }), true)} />
      <div role="group" aria-label="Show only" className="flex flex-wrap gap-2">
        {FLAG_FILTERS.map((flag) => (
          <Button
            key={flag}
            variant="outline"
            size="sm"
            aria-pressed={filters[flag]}
            onClick={() => onChange(withFilter(filters, { [flag]: !filters[flag] }))}
            className={cn('h-11 rounded-full', filters[flag] && 'border-primary bg-primary text-primary-foreground hover:bg-primary/90')}
          >
            {FLAG_LABELS[flag]}
          </Button>
        ))}
      </div>
    </div>
  )
}

function ListSkeleton() {
  return (
    <div aria-label="Loading conversations">
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="grid gap-2 border-b px-4 py-3">
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-3 w-1/3" />
          <Skeleton className="h-4 w-4/5" />
        </div>
      ))}
    </div>
  )
}

function ConversationList({ filters, onChange }: { filters: ConversationFilters; onChange(next: ConversationFilters): void }) {
  const list = useAdminConversations(filters)
  if (list.isPending) return <ListSkeleton />
  if (list.isError && !list.data) {
    return (
      <LoadFailedNotice
        title="Could not load the conversations"
        error={list.error}
        fallback="Please try again."
        onRetry={() => void list.refetch()}
      />
    )
  }
  const { items, total } = list.data
  const pages = Math.max(1, Math.ceil(total / ADMIN_CONVERSATIONS_PAGE_SIZE))
  if (items.length === 0) {
    if (filters.page > 1 && total > 0) {
      return (
        <StateNotice icon={<SearchX aria-hidden="true" />} title="Past the last page" text={`There are ${pages} pages of conversations.`}>
          <Button variant="outline" onClick={() => onChange({ ...filters, page: pages })}>
            Go to page {pages}
          </Button>
        </StateNotice>
      )
    }
    return isFiltered(filters) ? (
      <StateNotice icon={<SearchX aria-hidden="true" />} title="No conversations match" text="Try another search or fewer filters.">
        <Button variant="outline" onClick={() => onChange({ q: '', deal: false, disputed: false, unread: false, page: 1 })}>
          Clear filters
        </Button>
      </StateNotice>
    ) : (
      <StateNotice
        icon={<MessagesSquare aria-hidden="true" />}
        title="No conversations yet"
        text="Conversations appear here as soon as a buyer writes to a seller."
      />
    )
  }
  const now = new Date()
  return (
    <div className={cn('transition-opacity', list.isPlaceholderData && 'opacity-60')} aria-busy={list.isPlaceholderData}>
      <p className="mb-2 text-sm text-muted-foreground" role="status">
        {showingText(filters.page, ADMIN_CONVERSATIONS_PAGE_SIZE, total, total === 1 ? 'conversation' : 'conversations')}
      </p>
      <ul aria-label="Conversations" className="overflow-hidden rounded-2xl border bg-card">
        {items.map((conversation) => (
          <ConversationRow key={conversation.id} conversation={conversation} now={now} />
        ))}
      </ul>
      <div className="mt-4 flex justify-end">
        <Pager page={filters.page} pages={pages} onPage={(page) => onChange({ ...filters, page })} label="Conversation pages" />
      </div>
    </div>
  )
}

/**
 * /admin/chats: every conversation on the site as support sees it, newest activity first, with a search and filters
 * kept in the URL; each row opens /admin/chat/{id}.
 */
export function AdminConversationsScreen() {
  const [params, setParams] = useSearchParams()
  const filters = parseFilters(params)

  function change(next: ConversationFilters, replace = false) {
    setParams(toSearchParams(next), { replace })
  }

  return (
    <AdminShell title="Admin Chats">
      <div className="grid gap-4">
        <FilterBar filters={filters} onChange={change} />
        <ConversationList filters={filters} onChange={change} />
      </div>
    </AdminShell>
  )
}
