import type { LucideIcon } from 'lucide-react'
import { Ban, BadgeCheck, CircleCheck, LockKeyhole, MessageSquare, MonitorSmartphone, Receipt, ShieldAlert, Trash2, Wallet } from 'lucide-react'
import type { NotificationDto, NotificationType } from '@shared/api/notifications'
import { formatRelativeTime } from '@shared/format'
import { banReasonOf } from '@/lib/notification-display'
import { cn } from '@/lib/utils'

type Tone = 'money' | 'good' | 'bad' | 'neutral'

const ICONS: Record<NotificationType, [LucideIcon, Tone]> = {
  transaction_created: [Receipt, 'neutral'],
  transaction_updated: [Receipt, 'neutral'],
  transaction_completed: [Receipt, 'good'],
  escrow_payment_received: [Wallet, 'money'],
  escrow_payment_released: [Wallet, 'money'],
  buyer_confirmed_payment: [Wallet, 'money'],
  balance_updated: [Wallet, 'money'],
  balance_update: [Wallet, 'money'],
  refund_processed: [Wallet, 'money'],
  account_deleted: [Trash2, 'bad'],
  listing_removed: [Trash2, 'bad'],
  account_verified: [BadgeCheck, 'good'],
  listing_approved: [CircleCheck, 'good'],
  user_banned: [Ban, 'bad'],
  listing_suspended: [ShieldAlert, 'bad'],
  violation_detected: [ShieldAlert, 'bad'],
  user_unbanned: [CircleCheck, 'good'],
  listing_restored: [CircleCheck, 'good'],
  new_message: [MessageSquare, 'neutral'],
  message_received: [MessageSquare, 'neutral'],
  account_locked: [LockKeyhole, 'bad'],
  new_sign_in: [MonitorSmartphone, 'neutral'],
}

const TONES: Record<Tone, string> = {
  money: 'bg-mint-400/15 dark:bg-mint-400/10 text-mint-700 dark:text-mint-400',
  good: 'bg-success/10 text-success',
  bad: 'bg-destructive/10 text-destructive',
  neutral: 'bg-navy-100 dark:bg-navy-800 text-navy-700 dark:text-navy-200',
}

interface NotificationSummaryProps {
  notification: NotificationDto
  /** the dropdown clamps long messages; the page shows them whole */
  compact?: boolean
  now?: Date
}

/** Icon, title, message, the ban reason for user_banned, and when: the same in the bell and on /notifications. */
export function NotificationSummary({ notification, compact = false, now }: NotificationSummaryProps) {
  const [Icon, tone] = ICONS[notification.type]
  const banReason = banReasonOf(notification)
  return (
    <div className="flex w-full min-w-0 items-start gap-3 text-left">
      <span className={cn('mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-xl', TONES[tone])}>
        <Icon className="size-4 !text-current" aria-hidden="true" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span
          className={cn('truncate text-sm', notification.isRead ? 'font-medium text-navy-700 dark:text-navy-200' : 'font-semibold text-foreground')}
        >
          {notification.title}
        </span>
        <span className={cn('text-sm break-words text-muted-foreground', compact && 'line-clamp-2')}>{notification.message}</span>
        {banReason && (
          <span className="text-sm text-destructive">
            <span className="font-semibold">Reason:</span> {banReason}
          </span>
        )}
        <time dateTime={notification.createdAt} title={new Date(notification.createdAt).toLocaleString()} className="text-xs text-muted-foreground">
          {formatRelativeTime(notification.createdAt, now)}
        </time>
      </span>
      {!notification.isRead && <span className="mt-1.5 size-2.5 shrink-0 rounded-full bg-mint-500" role="img" aria-label="Unread" />}
    </div>
  )
}
