import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from 'react-router-dom'
import { BellRing, CheckCheck, RefreshCw } from 'lucide-react'
import { CHAT_NOTIFICATION_TYPES, type NotificationDto } from '@shared/api/notifications'
import { NOTIFICATION_DROPDOWN } from '@shared/constants'
import { paths } from '@/config/paths'
import { dropdownNotifications, notificationTarget } from '@/lib/notification-display'
import { notificationQuery, notificationsQueryOptions, useMarkAllNotificationsRead, useMarkNotificationRead } from '@/lib/notifications'
import { NotificationSummary } from '@/components/notification-summary'
import { DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator } from '@/components/ui/dropdown-menu'
import { Skeleton } from '@/components/ui/skeleton'

/** The newest notifications without the chat ones, which the server leaves out too so all 8 places are used. */
export const DROPDOWN_QUERY = notificationQuery({ pageSize: NOTIFICATION_DROPDOWN.maxItems, exclude: [...CHAT_NOTIFICATION_TYPES] })

function MenuNotice({ children }: { children: ReactNode }) {
  return <div className="flex flex-col items-center gap-2 px-4 py-8 text-center text-sm text-muted-foreground">{children}</div>
}

function LoadingRows() {
  return (
    <div className="grid gap-3 p-3" aria-label="Loading notifications">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex gap-3">
          <Skeleton className="size-9 rounded-xl" />
          <div className="grid flex-1 gap-1.5">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-full" />
          </div>
        </div>
      ))}
    </div>
  )
}

/** Unread items are menu items: choosing one marks it read and opens its page. Read ones are not clickable (SPEC §4). */
function NotificationRow({ notification, onOpen }: { notification: NotificationDto; onOpen: (n: NotificationDto) => boolean }) {
  if (notification.isRead) {
    return (
      <DropdownMenuItem disabled data-read="true" className="items-start px-3 py-2.5 data-[disabled]:opacity-100">
        <NotificationSummary notification={notification} compact />
      </DropdownMenuItem>
    )
  }
  return (
    <DropdownMenuItem
      data-read="false"
      className="items-start bg-mint-400/[0.06] px-3 py-2.5"
      // without a page to open, the menu stays open so the item can be seen turning read
      onSelect={(event) => {
        if (!onOpen(notification)) event.preventDefault()
      }}
    >
      <NotificationSummary notification={notification} compact />
    </DropdownMenuItem>
  )
}

/** The dropdown's content: header with "Mark all as read", up to 8 notifications, and the way to all of them. */
export function NotificationMenu({ unread }: { unread: number }) {
  const query = useQuery({ ...notificationsQueryOptions(DROPDOWN_QUERY), refetchInterval: NOTIFICATION_DROPDOWN.pollMs })
  const items = dropdownNotifications(query.data?.items ?? [], NOTIFICATION_DROPDOWN.maxItems)
  const markRead = useMarkNotificationRead()
  const markAll = useMarkAllNotificationsRead()
  const navigate = useNavigate()
  const anyUnread = unread > 0 || items.some((n) => !n.isRead)

  const open = (notification: NotificationDto) => {
    markRead.mutate(notification.id)
    const target = notificationTarget(notification)
    if (target) navigate(target)
    return target !== null
  }

  return (
    <>
      <div className="flex items-center justify-between gap-2 px-1.5 pt-1.5">
        <DropdownMenuLabel className="flex items-baseline gap-2">
          <span className="font-semibold">Notifications</span>
          {unread > 0 && <span className="text-xs text-muted-foreground">{unread} unread</span>}
        </DropdownMenuLabel>
        {anyUnread && (
          <DropdownMenuItem
            className="shrink-0 px-2 py-1 text-xs font-medium text-mint-700 dark:text-mint-400"
            onSelect={(event) => {
              event.preventDefault()
              markAll.mutate()
            }}
          >
            <CheckCheck aria-hidden="true" /> Mark all as read
          </DropdownMenuItem>
        )}
      </div>
      <DropdownMenuSeparator className="mx-0" />
      <div className="max-h-[min(28rem,60vh)] overflow-y-auto px-1.5" data-testid="notification-list">
        {query.isPending ? (
          <LoadingRows />
        ) : query.isError && items.length === 0 ? (
          <MenuNotice>
            <p>Could not load notifications.</p>
            <DropdownMenuItem
              className="text-mint-700 dark:text-mint-400"
              onSelect={(event) => {
                event.preventDefault()
                void query.refetch()
              }}
            >
              <RefreshCw aria-hidden="true" /> Try Again
            </DropdownMenuItem>
          </MenuNotice>
        ) : items.length === 0 ? (
          <MenuNotice>
            <span className="flex size-10 items-center justify-center rounded-full bg-muted text-navy-600 dark:text-navy-300">
              <BellRing className="size-5" aria-hidden="true" />
            </span>
            <p>{anyUnread ? 'Your unread notifications are on the notifications page.' : "You're all caught up."}</p>
          </MenuNotice>
        ) : (
          items.map((n) => <NotificationRow key={n.id} notification={n} onOpen={open} />)
        )}
      </div>
      <DropdownMenuSeparator className="mx-0" />
      <div className="px-1.5 pb-1.5">
        <DropdownMenuItem asChild className="justify-center font-medium text-mint-700 dark:text-mint-400">
          <Link to={paths.notifications}>View all notifications</Link>
        </DropdownMenuItem>
      </div>
    </>
  )
}
