import { CalendarDays } from 'lucide-react'
import type { SellerSummary } from '@shared/api/listings'
import { formatCount, formatMoney } from '@shared/format'
import { RatingInline } from '@/components/star-rating'
import { SellerAvatar } from './seller-avatar'
import { compactMoney, memberSince } from '../lib/format'
import { PlatformBadges } from './platform-badges'
import { formatInteger } from '@shared/format'

/** Who the seller is and what they have done: the top band of the profile. */
export function SellerHeader({ seller }: { seller: SellerSummary }) {
  const volume = formatMoney(seller.salesVolume)
  const figures = [
    { label: 'Completed sales', value: formatInteger(seller.completedSales) },
    // two figures abreast on a phone leave no room for an exact six-figure amount
    { label: 'Sales volume', value: volume, short: compactMoney(seller.salesVolume) },
    { label: 'Active listings', value: formatInteger(seller.activeListings) },
    { label: 'Followers for sale', value: formatCount(seller.totalFollowers) },
  ]
  return (
    <section aria-labelledby="seller-name" className="relative isolate overflow-hidden bg-navy-950 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(44rem_22rem_at_90%_-20%,rgba(52,224,161,0.16),transparent),radial-gradient(30rem_18rem_at_0%_120%,rgba(59,91,253,0.2),transparent)]"
      />
      <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 pt-10 pb-12 sm:px-6 lg:px-8 lg:pb-14">
        <div className="flex min-w-0 flex-col gap-5 sm:flex-row sm:items-center">
          <SellerAvatar username={seller.username} avatar={seller.avatar} className="size-20 text-3xl ring-4 ring-white/10" />
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-widest text-mint-300 uppercase">Seller</p>
            <h1 id="seller-name" className="mt-1 truncate text-3xl font-extrabold tracking-tight sm:text-4xl">
              {seller.username}
            </h1>
            <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1.5 text-sm text-navy-200">
              <span className="flex items-center gap-1.5">
                <CalendarDays className="size-4" aria-hidden="true" /> {memberSince(seller.memberSince)}
              </span>
              {seller.rating.count > 0 ? (
                // the reviews themselves are further down the page
                <a href="#reviews" className="rounded-md hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
                  <RatingInline rating={seller.rating} size="md" inverse />
                </a>
              ) : (
                <RatingInline rating={seller.rating} inverse />
              )}
            </p>
            <PlatformBadges platforms={seller.platforms} className="mt-4" />
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-4">
          {figures.map((figure) => (
            <div key={figure.label} className="rounded-2xl border border-white/10 bg-white/[0.05] px-4 py-3">
              <dt className="text-xs text-navy-200 sm:text-sm">{figure.label}</dt>
              <dd className="mt-1 truncate text-xl font-extrabold tracking-tight text-mint-400 tabular-nums sm:text-3xl" title={figure.value}>
                {figure.short ? (
                  <>
                    <span className="sm:hidden">{figure.short}</span>
                    <span className="hidden sm:inline">{figure.value}</span>
                  </>
                ) : (
                  figure.value
                )}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  )
}
