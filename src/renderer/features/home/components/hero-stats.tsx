import { formatFigure, formatInteger } from '@shared/format'
import { cn } from '@/lib/utils'
import { useCountUp } from '../hooks/use-count-up'
import { useHomeFigures } from '../hooks/use-home-figures'

function Counter({ label, target, note }: { label: string; target: number | null; note?: string }) {
  const value = useCountUp(target)
  return (
    <div className="rounded-2xl border border-white/10 bg-white/[0.05] px-5 py-4">
      <dt className="text-sm text-navy-200">
        {label}
        {note && <span className="ml-1 text-xs text-navy-300">({note})</span>}
      </dt>
      {/* the climbing number is decoration; assistive technology reads the final figure once */}
      <dd className="mt-1 text-3xl font-extrabold tracking-tight text-white tabular-nums sm:text-4xl">
        <span aria-hidden="true">{formatInteger(value)}</span>
        <span className="sr-only">{target === null ? 'loading' : formatInteger(target)}</span>
      </dd>
    </div>
  )
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl border border-white/10 bg-white/[0.05] px-5 py-4">
      <dt className="text-sm text-navy-200">{label}</dt>
      <dd className="mt-1 text-3xl font-extrabold tracking-tight text-white tabular-nums sm:text-4xl">{value}</dd>
    </div>
  )
}

/**
 * SPEC §1 counters and landing figures, from Handover's own data (DESIGN.md: never invented). A
 * figure the stats cannot back (success rate, before any sale) is left out rather than guessed.
 */
export function HeroStats({ className }: { className?: string }) {
  const figures = useHomeFigures()
  const extra = [
    figures?.verifiedListings != null && { label: 'Verified accounts', value: formatFigure(figures.verifiedListings) },
    figures?.totalFollowers != null && { label: 'Total followers', value: formatFigure(figures.totalFollowers) },
    figures?.completedSales != null && { label: 'Completed sales', value: formatFigure(figures.completedSales) },
  ].filter((item): item is { label: string; value: string } => Boolean(item))

  return (
    <dl
      aria-label="Marketplace figures"
      aria-busy={figures === null}
      // one row on wide screens however many figures there are; an odd last figure spans the row below that
      className={cn('grid grid-cols-2 gap-3 sm:gap-4 lg:auto-cols-fr lg:grid-flow-col max-lg:[&>*:last-child:nth-child(odd)]:col-span-2', className)}
    >
      <Counter label="Active Listings" target={figures?.activeListings ?? null} />
      <Counter label="Total Users" target={figures?.totalUsers ?? null} note={figures?.estimated ? 'estimated' : undefined} />
      {extra.map((item) => (
        <Figure key={item.label} {...item} />
      ))}
    </dl>
  )
}
