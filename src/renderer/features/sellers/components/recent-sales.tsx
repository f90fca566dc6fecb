import { BadgeCheck } from 'lucide-react'
import type { SellerProfile } from '@shared/api/listings'
import { formatMoney } from '@shared/format'
import { PLATFORMS } from '@/config/platforms'
import { Card } from '@/components/ui/card'
import { saleDate } from '../lib/format'

/** The seller's latest completed sales: what sold, on which platform, for how much and when. */
export function RecentSales({ sales }: { sales: SellerProfile['recentSales'] }) {
  return (
    <Card className="p-5">
      <h2 id="recent-sales" className="flex items-center gap-2 text-lg font-semibold">
        <BadgeCheck className="size-5 text-mint-600 dark:text-mint-400" aria-hidden="true" /> Recent sales
      </h2>
      {sales.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">No completed sales yet.</p>
      ) : (
        <ol aria-labelledby="recent-sales" className="mt-3 divide-y">
          {sales.map((sale) => (
            <li key={sale.id} className="flex items-start gap-3 py-3 first:pt-1 last:pb-0">
              <span
                aria-hidden="true"
                className="mt-1.5 size-2.5 shrink-0 rounded-full"
                style={{ backgroundColor: PLATFORMS[sale.platform].color }}
              />
              <div className="min-w-0 flex-1">
                <p className="line-clamp-2 text-sm font-medium">{sale.accountTitle}</p>
                <p className="mt-0.5 text-xs text-muted-foreground">
                  {PLATFORMS[sale.platform].label} · <time dateTime={sale.soldAt}>{saleDate(sale.soldAt)}</time>
                </p>
              </div>
              <p className="shrink-0 text-sm font-bold tabular-nums text-navy-900 dark:text-navy-100">{formatMoney(sale.price)}</p>
            </li>
          ))}
        </ol>
      )}
    </Card>
  )
}
