import type { ReactNode } from 'react'
import { Badge } from '@/components/ui/badge'

interface PageIntroProps {
  /** the small line above the heading, with its icon */
  eyebrow: ReactNode
  title: string
  lede: ReactNode
  /** buttons under the text */
  children?: ReactNode
}

/** The navy band that opens a content page: one h1, a sentence on what the page is for, and its actions. */
export function PageIntro({ eyebrow, title, lede, children }: PageIntroProps) {
  return (
    <section aria-labelledby="page-title" className="relative isolate overflow-hidden bg-navy-950 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(44rem_22rem_at_90%_-20%,rgba(52,224,161,0.18),transparent),radial-gradient(30rem_18rem_at_0%_120%,rgba(59,91,253,0.22),transparent)]"
      />
      <div className="mx-auto max-w-7xl px-4 pt-10 pb-12 sm:px-6 md:pt-14 md:pb-16 lg:px-8">
        <Badge variant="inverse" className="px-3 py-1 whitespace-normal">
          {eyebrow}
        </Badge>
        <h1 id="page-title" className="mt-5 text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">
          {title}
        </h1>
        <div className="mt-4 max-w-2xl text-base text-pretty text-navy-200 sm:text-lg">{lede}</div>
        {children && <div className="mt-8 flex flex-col gap-3 sm:flex-row">{children}</div>}
      </div>
    </section>
  )
}
