import type { NotificationDto } from '@shared/api/notifications'
import { NotificationSummary } from '@/components/notification-summary'
import { cn } from '@/lib/utils'

interface NotificationListProps {
  items: readonly NotificationDto[]
  /** chosen unread notification: mark it read and open its page */
  onOpen: (notification: NotificationDto) => void
}

/** One page of notifications; unread ones are buttons, read ones plain rows (SPEC §4). */
export function NotificationList({ items, onOpen }: NotificationListProps) {
  return (
    <ul aria-label="Notifications" className="divide-y overflow-hidden rounded-2xl border bg-card shadow-sm">
      {items.map((n) => (
        <li key={n.id} data-read={n.isRead} className={cn(!n.isRead && 'bg-mint-400/[0.06]')}>
          {n.isRead ? (
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
