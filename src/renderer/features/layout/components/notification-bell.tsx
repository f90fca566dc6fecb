import { useState } from 'react'
import { Bell } from 'lucide-react'
import { DROPDOWN_WIDTH, NOTIFICATION_DROPDOWN } from '@shared/constants'
import { useIsMobile } from '@/hooks/use-is-mobile'
import { useUnreadCount } from '@/lib/notifications'
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '@/components/ui/dropdown-menu'
import { unreadBadgeLabel } from '../lib/badge'
import { NotificationMenu } from './notification-menu'

/**
 * Bell with the unread badge and the newest notifications (SPEC §2, §9). The list and the count are
 * polled every 5 s while the dropdown is open; live events refresh them otherwise. Radix locks page
 * scroll while it is open and closes it on an outside click.
 */
export function NotificationBell() {
  const isMobile = useIsMobile()
  const [open, setOpen] = useState(false)
  const unread = useUnreadCount(true, open ? NOTIFICATION_DROPDOWN.pollMs : undefined)
  const badge = unreadBadgeLabel(unread, isMobile)

  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        className="relative inline-flex size-10 items-center justify-center rounded-xl text-navy-100 transition-colors hover:bg-white/10 hover:text-white focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <Bell className="size-5" aria-hidden="true" />
        {badge && (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute top-1 left-1/2 ml-0.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-destructive px-1 text-[0.6875rem] leading-none font-bold text-destructive-foreground ring-2 ring-navy-950"
          >
            {badge}
          </span>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        style={{ width: isMobile ? DROPDOWN_WIDTH.small : DROPDOWN_WIDTH.large }}
        className="max-w-[calc(100vw-1rem)] p-0"
      >
        <NotificationMenu unread={unread} />
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
