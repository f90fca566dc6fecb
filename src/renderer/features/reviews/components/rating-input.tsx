import { useState } from 'react'
import { Star } from 'lucide-react'
import { REVIEW_RULES } from '@shared/api/reviews'
import { cn } from '@/lib/utils'

export const STAR_WORDS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const

const STARS = Array.from({ length: REVIEW_RULES.ratingMax }, (_, i) => i + 1)

interface RatingInputProps {
  id: string
  value: number | null
  onChange: (value: number) => void
  invalid?: boolean
  describedBy?: string
}

/**
 * Five stars as a radio group: arrow keys move between them, each has its name ("4 stars, Very good"), and the
 * stars up to the one hovered or chosen light up.
 */
export function RatingInput({ id, value, onChange, invalid, describedBy }: RatingInputProps) {
  const [hovered, setHovered] = useState<number | null>(null)
  const lit = hovered ?? value ?? 0
  return (
    <div
      role="radiogroup"
      id={id}
      aria-labelledby={`${id}-label`}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      className="flex flex-wrap items-center gap-x-3 gap-y-1"
      onMouseLeave={() => setHovered(null)}
    >
      <div className="flex">
        {STARS.map((stars) => (
          <label
            key={stars}
            className="cursor-pointer rounded-md p-0.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            onMouseEnter={() => setHovered(stars)}
          >
            <input
              type="radio"
              name={id}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              className="sr-only"
              aria-label={`${stars} ${stars === 1 ? 'star' : 'stars'}, ${STAR_WORDS[stars - 1]}`}
            />
            <Star
              aria-hidden="true"
              className={cn('size-8 transition-colors', stars <= lit ? 'fill-amber-400 text-amber-400' : 'text-navy-200 dark:text-navy-600')}
              strokeWidth={1.5}
            />
          </label>
        ))}
      </div>
      <span aria-hidden="true" className="min-w-20 text-sm font-medium text-navy-700 dark:text-navy-200">
        {lit > 0 ? STAR_WORDS[lit - 1] : ''}
      </span>
    </div>
  )
}
