import { Star } from 'lucide-react'
import type { SellerRating } from '@shared/api/reviews'
import { formatAverage, ratingLabel } from '@/lib/ratings'
import { cn } from '@/lib/utils'
import { formatInteger } from '@shared/format'

const SIZES = { sm: 'size-3.5', md: 'size-4', lg: 'size-6' } as const

function FiveStars({ size, filled }: { size: keyof typeof SIZES; filled: boolean }) {
  return (
    <>
      {[0, 1, 2, 3, 4].map((i) => (
        <Star key={i} className={cn(SIZES[size], 'shrink-0', filled && 'fill-current')} strokeWidth={filled ? 0 : 1.75} />
      ))}
    </>
  )
}

/** Five stars filled up to `value` (0–5; a fraction fills part of a star). Decorative: the caller says the rating in words. */
export function Stars({ value, size = 'md', className }: { value: number; size?: keyof typeof SIZES; className?: string }) {
  const share = Math.max(0, Math.min(5, value)) / 5
  return (
    <span aria-hidden="true" data-slot="stars" className={cn('relative inline-flex shrink-0 text-navy-200 dark:text-navy-600', className)}>
      <FiveStars size={size} filled={false} />
      <span className="absolute inset-y-0 left-0 flex overflow-hidden text-amber-400" style={{ width: `${share * 100}%` }}>
        <FiveStars size={size} filled />
      </span>
    </span>
  )
}

/**
 * A seller's rating on one line: stars, the average and the number of reviews, or "No reviews yet". `inverse` is
 * for dark surfaces.
 */
export function RatingInline({
  rating,
  size = 'sm',
  inverse = false,
  className,
}: {
  rating: SellerRating
  size?: keyof typeof SIZES
  inverse?: boolean
  className?: string
}) {
  const label = ratingLabel(rating)
  if (rating.average === null || rating.count === 0) {
    return <span className={cn('text-xs', inverse ? 'text-navy-200' : 'text-muted-foreground', className)}>{label}</span>
  }
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-testid="seller-rating"
      className={cn('inline-flex items-center gap-1.5 whitespace-nowrap', className)}
    >
      <Stars value={rating.average} size={size} className={inverse ? 'text-white/25' : undefined} />
      <span className={cn('font-semibold tabular-nums', inverse ? 'text-white' : 'text-navy-900 dark:text-navy-100')}>
        {formatAverage(rating.average)}
      </span>
      <span className={cn('tabular-nums', inverse ? 'text-navy-200' : 'text-muted-foreground')}>({formatInteger(rating.count)})</span>
    </span>
  )
}
