import { ESCROW_STEPS } from '../lib/copy'

export const ESCROW_ANCHOR = 'how-escrow-works'

/** "How escrow protects you": the four steps of a purchase, from the buyer's side. */
export function EscrowSteps() {
  return (
    <section
      id={ESCROW_ANCHOR}
      tabIndex={-1}
      aria-labelledby="escrow-title"
      className="scroll-mt-20 outline-none mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8"
    >
      <p className="text-sm font-semibold tracking-widest text-mint-700 dark:text-mint-400 uppercase">Buyer protection</p>
      <h2 id="escrow-title" className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">
        How escrow protects you
      </h2>
      <ol className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {ESCROW_STEPS.map((step, index) => (
          <li key={step.title} className="rounded-2xl border bg-card p-6 shadow-xs">
            <span className="flex size-9 items-center justify-center rounded-full bg-navy-900 text-sm font-bold text-mint-400">{index + 1}</span>
            <h3 className="mt-4 font-semibold">{step.title}</h3>
            <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{step.body}</p>
          </li>
        ))}
      </ol>
    </section>
  )
}
