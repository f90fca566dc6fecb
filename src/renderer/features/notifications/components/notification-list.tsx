import type { NotificationDto } from '@shared/api/notifications'
import { NotificationSummary } from '@/components/notification-summary'
import { notificationTarget } from '@/lib/notification-display'
import { cn } from '@/lib/utils'

interface NotificationListProps {
  items: readonly NotificationDto[]
  /** chosen notification: mark it read if it is not yet, and open its page */
  onOpen: (notification: NotificationDto) => void
}

/**
 * One page of notifications. Unread ones are buttons; read ones too when they lead somewhere, so an older deal or
 * chat can be found again from here (SPEC §4 disables them: docs/decisions.md). A read one with no page is a plain row.
 */
export function NotificationList({ items, onOpen }: NotificationListProps) {
  return (
    <ul aria-label="Notifications" className="divide-y overflow-hidden rounded-2xl border bg-card shadow-sm">
      {items.map((n) => (
        <li key={n.id} data-read={n.isRead} className={cn(!n.isRead && 'bg-mint-400/[0.06]')}>
          {n.isRead && notificationTarget(n) === null ? (
            <div className="px-4 py-4 sm:px-5">
              <NotificationSummary notification={n} />
            </div>
          ) : (
            <button
              type="button"
              onClick={() => onOpen(n)}
              className="block w-full px-4 py-4 text-left transition-colors outline-none hover:bg-mint-400/10 focus-visible:bg-mint-400/10 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset sm:px-5"
            >
              <NotificationSummary notification={n} />
            </button>
          )}
        </li>
      ))}
    </ul>
  )
}
