import type { ReactNode } from 'react'
import { ClipboardCheck, Coins, Gavel, LayoutList, Lock, ShoppingBag, Users, Wallet } from 'lucide-react'
import type { AdminFigures } from '@shared/api/admin-dashboard'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'
import { cardDollars, dollars, plural } from '@/lib/admin/figures'

interface FigureProps {
  label: string
  value: string
  /** the exact value, when `value` rounds it */
  exact?: string
  detail: string
  icon: ReactNode
  /** the queue below that holds these, when there is one */
  href?: string
  /** something waits for an admin */
  attention?: boolean
}

function Figure({ label, value, exact, detail, icon, href, attention }: FigureProps) {
  const body = (
    <>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <span
          className={cn(
            'flex size-8 items-center justify-center rounded-lg [&_svg]:size-4',
            attention ? 'bg-amber-100 dark:bg-amber-900/40 text-amber-700 dark:text-amber-400' : 'bg-muted text-navy-600 dark:text-navy-300',
          )}
          aria-hidden="true"
        >
          {icon}
        </span>
      </div>
      <p className="mt-2 text-base font-bold tracking-tight tabular-nums min-[400px]:text-xl sm:text-2xl" data-testid="figure-value" title={exact}>
        {value}
      </p>
      <p className="mt-0.5 text-xs text-muted-foreground">{detail}</p>
    </>
  )
  return (
    <li>
      <Card className={cn('h-full p-3 sm:p-4', attention && 'border-amber-300 dark:border-amber-700')} data-testid="figure">
        {href ? (
          <a href={href} className="block rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring">
            {body}
          </a>
        ) : (
          body
        )}
      </Card>
    </li>
  )
}

const count = (n: number) => n.toLocaleString('en-US')

/** The platform now: people, listings, money in and out, and what waits for an admin. */
export function StatCards({ figures, days }: { figures: AdminFigures; days: number }) {
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Figures">
      <Figure
        label="Users"
        value={count(figures.users)}
        detail={`${plural(figures.newUsers, 'new account')} in ${plural(days, 'day')}`}
        icon={<Users />}
      />
      <Figure label="Active listings" value={count(figures.activeListings)} detail="For sale in the catalogue" icon={<LayoutList />} />
      <Figure
        label="Sales volume"
        value={cardDollars(figures.salesVolume)}
        exact={dollars(figures.salesVolume)}
        detail={plural(figures.completedDeals, 'completed deal')}
        icon={<ShoppingBag />}
      />
      <Figure
        label="Held in escrow"
        value={cardDollars(figures.escrowHeld)}
        exact={dollars(figures.escrowHeld)}
        detail={`${plural(figures.fundedDeals, 'funded deal')} of ${plural(figures.openDeals, 'open deal')}`}
        icon={<Lock />}
      />
      <Figure
        label="Fees earned"
        value={cardDollars(figures.feesEarned)}
        exact={dollars(figures.feesEarned)}
        detail="Escrow fees, all time"
        icon={<Coins />}
      />
      <Figure
        label="Open disputes"
        value={count(figures.openDisputes)}
        detail={figures.openDisputes ? 'Waiting for a decision' : 'Nothing to settle'}
        icon={<Gavel />}
        href="#disputes"
        attention={figures.openDisputes > 0}
      />
      <Figure
        label="Awaiting approval"
        value={count(figures.listingsAwaitingApproval)}
        detail="New listings to review"
        icon={<ClipboardCheck />}
        href="#listings"
        attention={figures.listingsAwaitingApproval > 0}
      />
      <Figure
        label="Pending withdrawals"
        value={count(figures.pendingWithdrawals)}
        detail={`${dollars(figures.pendingWithdrawalsAmount)} requested`}
        icon={<Wallet />}
        href="#withdrawals"
        attention={figures.pendingWithdrawals > 0}
      />
    </ul>
  )
}

export function StatCardsSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-hidden="true">
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} className="h-28 rounded-2xl" />
      ))}
    </div>
  )
}
