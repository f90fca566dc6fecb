import type { ReactNode } from 'react'
import { useSearchParams } from 'react-router-dom'
import { AlertTriangle, MessageSquareText } from 'lucide-react'
import { REVIEW_RULES, type ReviewDto, type SellerReviews as SellerReviewsDto } from '@shared/api/reviews'
import { Pager, showingText } from '@/components/pager'
import { Stars } from '@/components/star-rating'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { formatAverage, ratingLabel, reviewsLabel } from '@/lib/ratings'
import { useSellerReviews } from '../api/get-seller-reviews'
import { readReviewPage, starShares, writeReviewPage } from '../lib/review-page'
import { ReviewItem } from './review-item'
import { formatInteger } from '@shared/format'

function Summary({ rating }: { rating: SellerReviewsDto['rating'] }) {
  const shares = starShares(rating.byStars)
  return (
    <div className="grid content-start gap-5">
      <div role="img" aria-label={ratingLabel(rating)} className="flex items-center gap-4">
        <p aria-hidden="true" className="text-5xl font-extrabold tracking-tight text-navy-900 dark:text-navy-100 tabular-nums">
          {rating.average === null ? '–' : formatAverage(rating.average)}
        </p>
        <div aria-hidden="true">
          <Stars value={rating.average ?? 0} />
          <p className="mt-1 text-sm text-muted-foreground">{reviewsLabel(rating.count)}</p>
        </div>
      </div>
      <ul aria-label="Reviews by stars" className="grid gap-1.5">
        {[...rating.byStars.keys()].reverse().map((i) => (
          <li key={i} className="grid grid-cols-[3.25rem_minmax(0,1fr)_2.5rem] items-center gap-3 text-sm">
            <span className="text-muted-foreground">
              {i + 1} {i === 0 ? 'star' : 'stars'}
            </span>
            <span aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-navy-100 dark:bg-navy-800">
              <span className="block h-full rounded-full bg-amber-400" style={{ width: `${shares[i]}%` }} />
            </span>
            <span className="text-right tabular-nums text-navy-700 dark:text-navy-200">{formatInteger(rating.byStars[i]!)}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}

function LoadingReviews() {
  return (
    <div role="status" aria-label="Loading reviews" className="grid gap-5">
      <Skeleton className="h-24 rounded-xl" />
      {[0, 1].map((i) => (
        <div key={i} className="flex gap-3">
          <Skeleton className="size-10 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-12 w-full" />
          </div>
        </div>
      ))}
    </div>
  )
}

interface SellerReviewsProps {
  sellerId: number
  /** what the list says while there is nothing in it */
  emptyText: string
  heading?: string
  /** what a viewer may do with a review (an admin's Remove…), beside its date */
  renderActions?: (review: ReviewDto) => ReactNode
}

/** A seller's rating with the count per star, and their reviews newest first, a page at a time (page in the URL). */
export function SellerReviews({ sellerId, emptyText, heading = 'Reviews', renderActions }: SellerReviewsProps) {
  const [params, setParams] = useSearchParams()
  const page = readReviewPage(params)
  const reviews = useSellerReviews(sellerId, page)
  const data = reviews.data
  const total = data?.rating.count ?? 0
  const pages = Math.max(1, Math.ceil(total / REVIEW_RULES.pageSize))

  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="seller-reviews-title" id="reviews">
        <h2 id="seller-reviews-title" className="text-xl font-bold tracking-tight">
          {heading}
          {data && data.rating.count > 0 && <span className="font-semibold text-muted-foreground"> ({formatInteger(data.rating.count)})</span>}
        </h2>
        <div className="mt-5" aria-busy={reviews.isFetching}>
          {reviews.isPending ? (
            <LoadingReviews />
          ) : reviews.isError ? (
            <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
              <AlertTriangle className="size-5" aria-hidden="true" /> Could not load the reviews.
              <Button variant="outline" size="sm" onClick={() => void reviews.refetch()}>
                Try Again
              </Button>
            </div>
          ) : !data || data.rating.count === 0 ? (
            <p className="flex items-center gap-2 rounded-2xl border border-dashed p-5 text-sm text-muted-foreground">
              <MessageSquareText className="size-5 shrink-0" aria-hidden="true" /> {emptyText}
            </p>
          ) : (
            <div className="grid gap-6 lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-10">
              <Summary rating={data.rating} />
              <div className="min-w-0 border-t pt-5 lg:border-t-0 lg:pt-0">
                <div className="divide-y" role="list" aria-label="Reviews">
                  {data.items.map((review) => (
                    <div role="listitem" key={review.id} className="py-5 first:pt-0 last:pb-0">
                      <ReviewItem review={review} actions={renderActions?.(review)} />
                    </div>
                  ))}
                </div>
                {data.items.length === 0 && <p className="text-sm text-muted-foreground">No reviews on this page.</p>}
                {pages > 1 && (
                  <footer className="mt-5 flex flex-wrap items-center justify-between gap-3 border-t pt-4">
                    <p className="text-sm text-muted-foreground">{showingText(page, REVIEW_RULES.pageSize, total, 'reviews')}</p>
                    <Pager
                      page={page}
                      pages={pages}
                      onPage={(next) => setParams(writeReviewPage(params, next), { preventScrollReset: true })}
                      label="Review pages"
                    />
                  </footer>
                )}
              </div>
            </div>
          )}
        </div>
      </section>
    </Card>
  )
}
