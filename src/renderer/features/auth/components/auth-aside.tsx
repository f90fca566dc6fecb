import { BadgeCheck, Gift, LockKeyhole } from 'lucide-react'
import { cn } from '@/lib/utils'

const POINTS = [
  { icon: LockKeyhole, title: 'Secure transactions', body: 'Every payment is held in escrow and protected by 256-bit encryption.' },
  { icon: BadgeCheck, title: 'Verified sellers', body: 'Sellers prove they own every account before it is listed.' },
  { icon: Gift, title: '$15 welcome bonus', body: 'Credited to your balance instantly when you create an account — no conditions.' },
] as const

/** Why-sign-up copy (SPEC §2): on the dark side panel on desktop, under the form on phones. */
export function AuthSellingPoints({ inverse = false, className }: { inverse?: boolean; className?: string }) {
  return (
    <ul className={cn('grid gap-5', className)}>
      {POINTS.map(({ icon: Icon, title, body }) => (
        <li key={title} className="flex gap-4">
          <span
            className={cn(
              'flex size-11 shrink-0 items-center justify-center rounded-xl',
              inverse ? 'bg-white/10 text-mint-400' : 'bg-navy-900 text-mint-400',
            )}
          >
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <div>
            <p className={cn('font-semibold', inverse ? 'text-white' : 'text-foreground')}>{title}</p>
            <p className={cn('mt-1 text-sm', inverse ? 'text-navy-200' : 'text-muted-foreground')}>{body}</p>
          </div>
        </li>
      ))}
    </ul>
  )
}
