import { useEffect } from 'react'
import { Link } from 'react-router-dom'
import { Bell, BellRing } from 'lucide-react'
import { DROPDOWN_WIDTH } from '@shared/constants'
import { paths } from '@/config/paths'
import { useIsMobile } from '@/hooks/use-is-mobile'
import { setBadgeCount } from '@/lib/platform'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu'
import { useUnreadCount } from '../api/get-unread-count'
import { unreadBadgeLabel } from '../lib/badge'

/**
 * Bell with the unread badge. The dropdown's notification list arrives with the notifications
 * screen; until then it summarises and links there. Radix locks page scroll and closes on outside click.
 */
export function NotificationBell() {
  const isMobile = useIsMobile()
  const unread = useUnreadCount(true)
  const badge = unreadBadgeLabel(unread, isMobile)

  // Mirrors the count onto the dock/taskbar (desktop) or the tab title (web).
  useEffect(() => {
    setBadgeCount(unread)
    return () => setBadgeCount(0)
  }, [unread])

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        className="relative inline-flex size-10 items-center justify-center rounded-xl text-navy-100 transition-colors hover:bg-white/10 hover:text-white focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <Bell className="size-5" aria-hidden="true" />
        {badge && (
          <span
            aria-hidden="true"
            className="absolute top-1 left-1/2 ml-0.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-red-500 px-1 text-[0.6875rem] leading-none font-bold text-white ring-2 ring-navy-950"
          >
            {badge}
          </span>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        style={{ width: isMobile ? DROPDOWN_WIDTH.small : DROPDOWN_WIDTH.large }}
        className="max-w-[calc(100vw-1rem)]"
      >
        <DropdownMenuLabel className="flex items-center justify-between">
          <span className="font-semibold">Notifications</span>
          {unread > 0 && <span className="text-xs text-muted-foreground">{unread} unread</span>}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <div className="flex flex-col items-center gap-2 px-4 py-6 text-center">
          <span className="flex size-10 items-center justify-center rounded-full bg-muted text-navy-600">
            <BellRing className="size-5" aria-hidden="true" />
          </span>
          <p className="text-sm text-muted-foreground">
            {unread > 0 ? `You have ${unread} unread notification${unread === 1 ? '' : 's'}.` : "You're all caught up."}
          </p>
        </div>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild className="justify-center font-medium text-mint-700">
          <Link to={paths.notifications}>View all notifications</Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
