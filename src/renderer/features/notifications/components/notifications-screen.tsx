import type { ReactNode } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { AlertTriangle, BellOff, CheckCheck } from 'lucide-react'
import type { NotificationDto } from '@shared/api/notifications'
import { useLastPageRedirect } from '@/hooks/use-last-page-redirect'
import { useCurrentUser } from '@/lib/auth'
import { NOTIFICATION_FILTER_TYPES, NOTIFICATION_TYPE_LABELS, notificationTarget, typesForFilter } from '@/lib/notification-display'
import {
  notificationQuery,
  notificationsQueryOptions,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useUnreadCount,
} from '@/lib/notifications'
import { useSeo } from '@/lib/seo'
import { Pager } from '@/components/pager'
import { Button } from '@/components/ui/button'
import { NativeSelect } from '@/components/ui/native-select'
import { Skeleton } from '@/components/ui/skeleton'
import { SignInRedirect } from '@/components/sign-in-redirect'
import { parseNotificationSearch, showingText, writeNotificationSearch, type NotificationFilters } from '../lib/url-state'
import { NotificationList } from './notification-list'

function LoadingList() {
  return (
    <div className="grid gap-px overflow-hidden rounded-2xl border bg-border" aria-label="Loading notifications">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex gap-3 bg-card px-5 py-4">
          <Skeleton className="size-9 rounded-xl" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-3/4" />
          </div>
        </div>
      ))}
    </div>
  )
}

function Notice({ icon, title, text, children }: { icon: ReactNode; title: string; text: string; children?: ReactNode }) {
  return (
    <div
      role="status"
      className="flex flex-col items-center rounded-2xl border-2 border-dashed border-navy-200 dark:border-navy-700 px-6 py-14 text-center"
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-navy-900 text-mint-400">{icon}</span>
      <p className="mt-5 text-lg font-semibold">{title}</p>
      <p className="mt-2 max-w-md text-sm text-muted-foreground">{text}</p>
      {children && <div className="mt-5">{children}</div>}
    </div>
  )
}

/** /notifications: every notification of the signed-in user, newest first, by page and type (SPEC §2, §4). */
export function NotificationsScreen() {
  const { isSignedIn, isLoading } = useCurrentUser()
  const [searchParams, setSearchParams] = useSearchParams()
  const filters = parseNotificationSearch(searchParams)
  const query = notificationQuery({ page: filters.page, type: filters.type ? typesForFilter(filters.type) : [] })
  const list = useQuery({ ...notificationsQueryOptions(query), enabled: isSignedIn, placeholderData: keepPreviousData })
  const unread = useUnreadCount(isSignedIn)
  const markRead = useMarkNotificationRead()
  const markAll = useMarkAllNotificationsRead()
  const navigate = useNavigate()
  useSeo({ title: 'Notifications | Handover', description: 'Your Handover notifications.', noIndex: true })

  const setFilters = (next: NotificationFilters, replace = false) => setSearchParams(writeNotificationSearch(next), { replace })
  const { total, pages, settling } = useLastPageRedirect(list, filters.page, query.pageSize, (last) =>
    setFilters({ type: filters.type, page: last }, true),
  )

  if (!isLoading && !isSignedIn) return <SignInRedirect reason="notifications" />

  const open = (notification: NotificationDto) => {
    if (!notification.isRead) markRead.mutate(notification.id)
    const target = notificationTarget(notification)
    if (target) navigate(target)
  }
  const filterLabel = filters.type ? NOTIFICATION_TYPE_LABELS[filters.type].toLowerCase() : null

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:py-12">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">Notifications</h1>
          <p className="mt-2 text-muted-foreground" aria-live="polite">
            {unread > 0 ? `${unread} unread` : "You're all caught up."}
          </p>
        </div>
        <Button variant="outline" disabled={unread === 0 || markAll.isPending} onClick={() => markAll.mutate()}>
          <CheckCheck aria-hidden="true" /> Mark all as read
        </Button>
      </header>

      <div className="mt-6 flex flex-wrap items-center gap-3">
        <label htmlFor="notification-type" className="text-sm font-medium">
          Type
        </label>
        <NativeSelect
          id="notification-type"
          className="w-full sm:w-64"
          value={filters.type ?? ''}
          onChange={(event) => setFilters({ type: (event.target.value || null) as NotificationFilters['type'], page: 1 })}
        >
          <option value="">All types</option>
          {NOTIFICATION_FILTER_TYPES.map((type) => (
            <option key={type} value={type}>
              {NOTIFICATION_TYPE_LABELS[type]}
            </option>
          ))}
        </NativeSelect>
      </div>

      <div className="mt-6">
        {isLoading || list.isPending || settling ? (
          <LoadingList />
        ) : list.isError ? (
          <Notice icon={<AlertTriangle className="size-7" aria-hidden="true" />} title="Could not load notifications" text={list.error.message}>
            <Button variant="primary" onClick={() => void list.refetch()}>
              Try Again
            </Button>
          </Notice>
        ) : list.data.items.length === 0 ? (
          <Notice
            icon={<BellOff className="size-7" aria-hidden="true" />}
            title={filterLabel ? `No ${filterLabel} notifications` : 'No notifications yet'}
            text={
              filterLabel
                ? 'Nothing of this type has happened yet. Other types may have news.'
                : 'Sales, purchases, payments and listing reviews will show up here as they happen.'
            }
          >
            {filters.type && (
              <Button variant="outline" onClick={() => setFilters({ type: null, page: 1 })}>
                Show all types
              </Button>
            )}
          </Notice>
        ) : (
          <NotificationList items={list.data.items} onOpen={open} />
        )}
      </div>

      {list.data && list.data.items.length > 0 && (
        <footer className="mt-5 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground">{showingText(filters.page, query.pageSize, total)}</p>
          <Pager page={filters.page} pages={pages} onPage={(page) => setFilters({ ...filters, page })} />
        </footer>
      )}
    </div>
  )
}
