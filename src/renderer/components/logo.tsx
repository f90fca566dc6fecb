import { Link } from 'react-router-dom'
import { cn } from '@/lib/utils'

/** Brand mark + wordmark; `compact` hides the wordmark where space is tight. */
export function Logo({ className, compact = false, inverse = true }: { className?: string; compact?: boolean; inverse?: boolean }) {
  return (
    <Link
      to="/"
      aria-label="Handover home"
      className={cn('inline-flex items-center gap-2.5 rounded-lg focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none', className)}
    >
      <svg viewBox="0 0 32 32" className="size-9 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="9" className={inverse ? 'fill-white/10' : 'fill-navy-950 dark:fill-white/10'} />
        <path d="M9 8h4v6.5h6V8h4v16h-4v-6h-6v6H9z" className="fill-mint-400" />
      </svg>
      {!compact && (
        <span className={cn('text-lg font-bold tracking-tight', inverse ? 'text-white' : 'text-navy-950 dark:text-white')}>
          Hand<span className={inverse ? 'text-mint-400' : 'text-mint-700 dark:text-mint-400'}>over</span>
        </span>
      )}
    </Link>
  )
}
