import { cn } from '@/lib/utils'
import { podiumOf, type Podium } from '../lib/format'

const PODIUM_CLASS: Record<Podium, string> = {
  gold: 'bg-amber-400 text-navy-950 ring-amber-200',
  silver: 'bg-slate-300 text-navy-950 ring-slate-100',
  bronze: 'bg-orange-300 text-navy-950 ring-orange-100',
}

export function RankBadge({ rank, className }: { rank: number; className?: string }) {
  const podium = podiumOf(rank)
  return (
    <span
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-extrabold tabular-nums',
        podium ? cn('ring-4', PODIUM_CLASS[podium]) : 'bg-muted text-navy-700 dark:text-navy-200',
        className,
      )}
    >
      <span className="sr-only">Rank </span>
      {rank}
    </span>
  )
}
