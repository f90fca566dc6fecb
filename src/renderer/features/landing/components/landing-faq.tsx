import { ChevronDown } from 'lucide-react'
import type { FaqEntry } from '../lib/copy'

/** Questions and answers as native disclosure widgets: keyboard and screen-reader ready, no script needed. */
export function LandingFaq({ title, entries }: { title: string; entries: readonly FaqEntry[] }) {
  return (
    <section aria-labelledby="faq-title" className="mx-auto max-w-3xl px-4 py-16 sm:px-6 lg:px-8">
      <h2 id="faq-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        {title}
      </h2>
      <div className="mt-6 divide-y rounded-2xl border bg-card">
        {entries.map((entry) => (
          <details key={entry.question} className="group px-5 py-4 [&_summary::-webkit-details-marker]:hidden">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold focus-visible:rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
              {entry.question}
              <ChevronDown className="size-5 shrink-0 text-navy-400 transition-transform group-open:rotate-180" aria-hidden="true" />
            </summary>
            <p className="mt-3 leading-relaxed text-muted-foreground">{entry.answer}</p>
          </details>
        ))}
      </div>
    </section>
  )
}
