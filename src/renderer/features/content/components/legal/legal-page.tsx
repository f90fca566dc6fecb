import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { Scale } from 'lucide-react'
import { paths } from '@/config/paths'
import { PageIntro } from '@/components/page-intro'

export interface LegalSection {
  id: string
  title: string
  content: ReactNode
}

/** When the texts of the legal pages last changed; a change to what they describe changes this date too. */
export const LEGAL_UPDATED = { iso: '2026-11-23', label: 'November 23, 2026' } as const

const PROSE = [
  'text-base leading-relaxed text-navy-800 dark:text-navy-100',
  '[&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6',
  '[&_a]:font-medium [&_a]:text-mint-700 dark:[&_a]:text-mint-400 [&_a]:underline [&_a]:underline-offset-2 [&_strong]:font-semibold [&_strong]:text-foreground',
  '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-sm [&_code]:[overflow-wrap:anywhere]',
].join(' ')

/** Terms, privacy and cookies: a heading, the date, a table of contents and numbered sections. */
export function LegalPage({ title, lede, sections }: { title: string; lede: string; sections: readonly LegalSection[] }) {
  return (
    <>
      <PageIntro
        eyebrow={
          <>
            <Scale className="size-3.5" aria-hidden="true" /> Legal
          </>
        }
        title={title}
        lede={
          <>
            {lede}{' '}
            <span className="block pt-2 text-sm text-navy-300">
              Last updated <time dateTime={LEGAL_UPDATED.iso}>{LEGAL_UPDATED.label}</time>
            </span>
          </>
        }
      />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-8 sm:px-6 md:py-12 lg:grid-cols-[16rem_minmax(0,1fr)] lg:px-8">
        <nav aria-label="On this page" className="h-fit rounded-2xl border bg-card p-5 lg:sticky lg:top-24">
          <p className="text-xs font-semibold tracking-widest text-muted-foreground uppercase">On this page</p>
          <ol className="mt-3 space-y-2 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="text-navy-700 dark:text-navy-200 hover:text-mint-700 dark:hover:text-mint-400 hover:underline focus-visible:underline"
                >
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="min-w-0 max-w-3xl">
          {sections.map((section, index) => (
            <section key={section.id} aria-labelledby={section.id} className="border-b py-6 first:pt-0 last:border-b-0">
              <h2 id={section.id} className="text-xl font-bold tracking-tight">
                {index + 1}. {section.title}
              </h2>
              <div className={PROSE}>{section.content}</div>
            </section>
          ))}
          <p className="mt-6 text-sm text-muted-foreground">
            Questions about this page?{' '}
            <Link to={paths.contact} className="font-medium text-mint-700 dark:text-mint-400 underline underline-offset-2">
              Contact us
            </Link>
            .
          </p>
        </div>
      </div>
    </>
  )
}
