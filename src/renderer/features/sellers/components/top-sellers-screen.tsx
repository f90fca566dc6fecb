import { Link } from 'react-router-dom'
import { ShieldCheck, Trophy, Users } from 'lucide-react'
import { PAGE_TEXT } from '@shared/seo'
import { paths } from '@/config/paths'
import { Badge } from '@/components/ui/badge'
import { LoadFailedNotice } from '@/components/load-failed-notice'
import { StateNotice } from '@/components/state-notice'
import { Button } from '@/components/ui/button'
import { useSeo } from '@/lib/seo'
import { useTopSellers } from '../api/get-top-sellers'
import { TopSellersList, TopSellersListSkeleton } from './top-sellers-list'

function Intro() {
  return (
    <section aria-labelledby="top-sellers-title" className="relative isolate overflow-hidden bg-navy-950 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(44rem_22rem_at_90%_-20%,rgba(52,224,161,0.18),transparent),radial-gradient(30rem_18rem_at_0%_120%,rgba(59,91,253,0.22),transparent)]"
      />
      <div className="mx-auto max-w-7xl px-4 pt-10 pb-12 sm:px-6 md:pt-14 md:pb-16 lg:px-8">
        <Badge variant="inverse" className="px-3 py-1">
          <ShieldCheck className="size-3.5" aria-hidden="true" /> Every sale completed through escrow
        </Badge>
        <h1 id="top-sellers-title" className="mt-5 flex items-center gap-3 text-3xl font-extrabold tracking-tight sm:text-5xl">
          <Trophy className="size-8 shrink-0 text-mint-400 sm:size-10" aria-hidden="true" /> Top Sellers
        </h1>
        <p className="mt-4 max-w-2xl text-base text-pretty text-navy-200 sm:text-lg">
          The sellers with the most completed sales on Handover. Ties go to the larger sales volume. Ratings come from buyers' reviews of completed
          deals.
        </p>
      </div>
    </section>
  )
}

/** /top-sellers (SPEC §2). */
export function TopSellersScreen() {
  useSeo(PAGE_TEXT.topSellers)
  const sellers = useTopSellers()
  return (
    <>
      <Intro />
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 md:py-12 lg:px-8">
        {sellers.isPending ? (
          <TopSellersListSkeleton />
        ) : sellers.isError ? (
          <LoadFailedNotice className="py-14" title="Could not load the top sellers" error={sellers.error} onRetry={() => void sellers.refetch()} />
        ) : sellers.data.length === 0 ? (
          <StateNotice
            className="py-14"
            icon={<Users className="size-7" aria-hidden="true" />}
            title="No sellers yet"
            text="Sellers appear here once they list an account or complete a sale."
          >
            <Button asChild variant="primary">
              <Link to={paths.createListing}>Sell Your Account</Link>
            </Button>
          </StateNotice>
        ) : (
          <TopSellersList sellers={sellers.data} />
        )}
      </div>
    </>
  )
}
