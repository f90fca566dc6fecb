import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { cn } from '@/lib/utils'
import { Button } from '@/components/ui/button'

/** A titled part of a content page: the h2, an optional sentence, then its content. */
export function ContentSection({
  id,
  title,
  intro,
  children,
  className,
}: {
  id: string
  title: string
  intro?: ReactNode
  children: ReactNode
  className?: string
}) {
  return (
    <section aria-labelledby={id} className={cn('mx-auto max-w-7xl px-4 py-10 sm:px-6 md:py-14 lg:px-8', className)}>
      <h2 id={id} className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
        {title}
      </h2>
      {intro && <p className="mt-3 max-w-3xl text-muted-foreground">{intro}</p>}
      <div className="mt-8">{children}</div>
    </section>
  )
}

export interface Step {
  title: string
  body: ReactNode
  /** what the deal page shows once this step is done */
  status?: string
}

/** Numbered steps in order; each card's h3 is the step. */
export function StepList({ steps, columns = 'lg:grid-cols-3' }: { steps: readonly Step[]; columns?: string }) {
  return (
    <ol className={cn('grid gap-4 sm:grid-cols-2', columns)}>
      {steps.map((step, index) => (
        <li key={step.title} className="flex flex-col rounded-2xl border bg-card p-6 shadow-xs">
          <div className="flex items-center justify-between gap-3">
            <span
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-navy-900 text-sm font-bold text-mint-400"
              aria-hidden="true"
            >
              {index + 1}
            </span>
            {step.status && (
              <span className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-semibold text-navy-700 dark:text-navy-200">{step.status}</span>
            )}
          </div>
          <h3 className="mt-4 font-semibold">
            <span className="sr-only">Step {index + 1}: </span>
            {step.title}
          </h3>
          <div className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{step.body}</div>
        </li>
      ))}
    </ol>
  )
}

/** A card with an icon and an h3, for facts that stand side by side. */
export function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl border bg-card p-6 shadow-xs">
      <span
        className="flex size-10 items-center justify-center rounded-xl bg-mint-400/15 dark:bg-mint-400/10 text-mint-700 dark:text-mint-400 [&_svg]:size-5"
        aria-hidden="true"
      >
        {icon}
      </span>
      <h3 className="mt-4 font-semibold">{title}</h3>
      <div className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{children}</div>
    </div>
  )
}

export interface CtaLink {
  to: string
  label: string
}

/** The navy band that ends a page with where to go next. */
export function CtaBand({ title, text, primary, secondary }: { title: string; text: string; primary: CtaLink; secondary?: CtaLink }) {
  return (
    <section aria-labelledby="cta-title" className="mx-auto max-w-7xl px-4 pb-14 sm:px-6 lg:px-8">
      <div className="rounded-2xl bg-navy-950 p-6 text-white sm:p-10">
        <h2 id="cta-title" className="text-2xl font-bold tracking-tight">
          {title}
        </h2>
        <p className="mt-2 max-w-2xl text-navy-200">{text}</p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to={primary.to}>{primary.label}</Link>
          </Button>
          {secondary && (
            <Button asChild size="lg" variant="outline-inverse">
              <Link to={secondary.to}>{secondary.label}</Link>
            </Button>
          )}
        </div>
      </div>
    </section>
  )
}
