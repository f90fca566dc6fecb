import type { ChatUser } from '@shared/api/conversations'
import { UserAvatar } from '@/components/user-avatar'
import { cn } from '@/lib/utils'

/** A user's avatar with a presence dot: green when online. */
export function OnlineAvatar({ user, className }: { user: ChatUser; className?: string }) {
  return (
    <span className="relative inline-flex shrink-0">
      <UserAvatar username={user.username} avatar={user.avatar} className={cn('size-10', className)} />
      <span
        data-testid="presence-dot"
        data-online={user.isOnline}
        className={cn(
          'absolute right-0 bottom-0 size-3 rounded-full ring-2 ring-card',
          user.isOnline ? 'bg-mint-500' : 'bg-navy-300 dark:bg-navy-600',
        )}
      />
      <span className="sr-only">{user.isOnline ? '(online)' : '(offline)'}</span>
    </span>
  )
}
