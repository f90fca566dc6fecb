import { BadgeCheck, Gift, LockKeyhole } from 'lucide-react'
import { formatMoney } from '@shared/format'
import { hasBonus, useWelcomeBonus } from '@/lib/site-info'
import { cn } from '@/lib/utils'

const POINTS = [
  { icon: LockKeyhole, title: 'Secure transactions', body: 'Every payment is held in escrow and protected by 256-bit encryption.' },
  { icon: BadgeCheck, title: 'Verified sellers', body: 'Sellers prove they own every account before it is listed.' },
]

/** The selling points, with the welcome bonus an admin has set (none when it is $0). */
function pointsWith(bonus: string) {
  const gift = {
    icon: Gift,
    title: `${formatMoney(bonus)} welcome bonus`,
    body: 'Credited to your balance instantly when you create an account — no conditions.',
  }
  return hasBonus(bonus) ? [...POINTS, gift] : POINTS
}

/** Why-sign-up copy (SPEC §2): on the dark side panel on desktop, under the form on phones. */
export function AuthSellingPoints({ inverse = false, className }: { inverse?: boolean; className?: string }) {
  const bonus = useWelcomeBonus()
  return (
    <ul className={cn('grid gap-5', className)}>
      {pointsWith(bonus).map(({ icon: Icon, title, body }) => (
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
