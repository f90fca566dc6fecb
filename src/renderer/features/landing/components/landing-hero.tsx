import type { ReactNode } from 'react'
import { ShieldCheck } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Skeleton } from '@/components/ui/skeleton'
import type { LandingFigure } from '../lib/figures'

interface LandingHeroProps {
  title: string
  intro: string
  /** the platform's mark on its brand colour */
  mark?: ReactNode
  figures: readonly LandingFigure[]
  figuresLoading: boolean
  /** what a careful buyer compares */
  checks?: readonly string[]
  actions: ReactNode
}

export function LandingHero({ title, intro, mark, figures, figuresLoading, checks, actions }: LandingHeroProps) {
  return (
    <section aria-labelledby="landing-title" className="relative isolate overflow-hidden bg-navy-950 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(50rem_26rem_at_85%_-10%,rgba(52,224,161,0.16),transparent),radial-gradient(36rem_22rem_at_0%_110%,rgba(59,91,253,0.2),transparent)]"
      />
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-10 px-4 pt-12 pb-16 sm:px-6 md:pt-16 lg:grid-cols-[1.3fr_1fr] lg:items-end lg:px-8 lg:pb-20">
        <div>
          <div className="flex items-center gap-3">
            {mark}
            <Badge variant="inverse" className="px-3 py-1">
              <ShieldCheck className="size-3.5" aria-hidden="true" /> Escrow on every purchase
            </Badge>
          </div>
          <h1 id="landing-title" className="mt-6 text-4xl leading-[1.08] font-extrabold tracking-tight text-balance sm:text-5xl">
            {title}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-pretty text-navy-200">{intro}</p>
          {checks && (
            <div className="mt-6">
              <p id="landing-checks" className="text-xs font-semibold tracking-widest text-mint-300 uppercase">
                What buyers compare
              </p>
              <ul className="mt-2 flex flex-wrap gap-2" aria-labelledby="landing-checks">
                {checks.map((check) => (
                  <li key={check} className="rounded-full bg-white/10 px-3 py-1 text-sm text-navy-100">
                    {check}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {/* on a phone a long label ("Browse Instagram accounts") wraps inside its button instead of widening the page */}
          <div className="mt-8 flex flex-col gap-3 sm:flex-row max-sm:[&>*]:h-auto max-sm:[&>*]:min-h-12 max-sm:[&>*]:py-2.5 max-sm:[&>*]:whitespace-normal">
            {actions}
          </div>
        </div>
        <dl aria-label="Figures" aria-busy={figuresLoading} className="grid grid-cols-2 gap-3 sm:gap-4">
          {figuresLoading
            ? [0, 1].map((i) => <Skeleton key={i} className="h-[5.5rem] rounded-2xl bg-white/10" />)
            : figures.map((figure) => (
                <div key={figure.label} className="min-w-0 rounded-2xl border border-white/10 bg-white/[0.05] px-4 py-4 sm:px-5">
                  <dt className="text-sm text-navy-200">{figure.label}</dt>
                  <dd className="mt-1 text-xl font-extrabold tracking-tight text-mint-400 tabular-nums min-[400px]:text-2xl sm:text-4xl lg:text-2xl xl:text-4xl">
                    {figure.value}
                  </dd>
                </div>
              ))}
        </dl>
      </div>
    </section>
  )
}
