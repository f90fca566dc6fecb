import type { ReactNode } from 'react'
import type { ReviewDto } from '@shared/api/reviews'
import { PLATFORMS } from '@/config/platforms'
import { Stars } from '@/components/star-rating'
import { UserAvatar } from '@/components/user-avatar'
import { formatLongDate } from '@/lib/dates'

/** One review: who wrote it, the stars, when, what was bought, and the text as written (never as HTML); `actions` for an admin. */
export function ReviewItem({ review, actions }: { review: ReviewDto; actions?: ReactNode }) {
  const platform = PLATFORMS[review.listing.platform]
  return (
    <article aria-label={`Review by ${review.reviewer.username}`} data-testid="review" className="flex gap-3">
      <UserAvatar username={review.reviewer.username} avatar={review.reviewer.avatar} className="size-10 text-base" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p className="truncate font-semibold">{review.reviewer.username}</p>
          <time dateTime={review.createdAt} className="text-xs text-muted-foreground">
            {formatLongDate(review.createdAt)}
          </time>
          {actions && <div className="ml-auto">{actions}</div>}
        </div>
        <div className="mt-1 flex flex-col gap-x-2 gap-y-0.5 sm:flex-row sm:items-center">
          <p className="flex">
            <Stars value={review.rating} size="sm" />
            <span className="sr-only">{`${review.rating} out of 5 stars`}</span>
          </p>
          <p className="line-clamp-1 text-xs text-muted-foreground">
            Bought: {platform.label} · {review.listing.accountTitle}
          </p>
        </div>
        <p className="mt-2 text-sm break-words whitespace-pre-line text-navy-800 dark:text-navy-100">{review.text}</p>
      </div>
    </article>
  )
}
