import { Link, useSearchParams } from 'react-router-dom'
import { HelpCircle, MessageCircleQuestion, Search, X } from 'lucide-react'
import { PAGE_TEXT } from '@shared/seo'
import { paths } from '@/config/paths'
import { PageIntro } from '@/components/page-intro'
import { StateNotice } from '@/components/state-notice'
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { useDebouncedCommit } from '@/hooks/use-debounced-commit'
import { useSeo } from '@/lib/seo'
import { useTradingTerms } from '../api/get-trading-terms'
import { faqSections, type FaqSection } from '../lib/faq'
import { countEntries, searchFaq, searchWords } from '../lib/faq-search'

/** /faq (SPEC §2): every question on one page, searchable; the search lives in ?q= so a link can share it. */
export function FaqScreen() {
  useSeo(PAGE_TEXT.faq)
  const { terms } = useTradingTerms()
  const [params, setParams] = useSearchParams()
  const search = useDebouncedCommit(params.get('q') ?? '', (q) => setParams(q ? { q } : {}, { replace: true }))
  // the list follows every keystroke; only the address waits for typing to stop
  const sections = searchFaq(faqSections(terms), search.text)
  const searching = searchWords(search.text).length > 0
  const found = countEntries(sections)

  return (
    <>
      <PageIntro
        eyebrow={
          <>
            <HelpCircle className="size-3.5" aria-hidden="true" /> Answers from the Handover team
          </>
        }
        title="Frequently asked questions"
        lede="Fees, escrow, the handover, disputes and withdrawals: how buying and selling an account on Handover really works."
      />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-8 sm:px-6 md:py-12 lg:grid-cols-[minmax(0,1fr)_18rem] lg:px-8">
        <div className="min-w-0">
          <div role="search" className="relative">
            <label htmlFor="faq-search" className="sr-only">
              Search the questions
            </label>
            <Search className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-navy-400" aria-hidden="true" />
            <Input
              id="faq-search"
              type="search"
              value={search.text}
              onChange={(event) => search.change(event.target.value)}
              placeholder="Search: fees, disputes…"
              className="h-12 pr-11 pl-10"
            />
            {search.text && (
              <button
                type="button"
                onClick={search.clear}
                aria-label="Clear search"
                className="absolute top-1/2 right-2 flex size-8 -translate-y-1/2 items-center justify-center rounded-lg text-navy-400 hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            )}
          </div>
          <p className="mt-3 text-sm text-muted-foreground" aria-live="polite">
            {searching ? `${found} ${found === 1 ? 'question matches' : 'questions match'} “${search.text.trim()}”` : `${found} questions`}
          </p>
          {found === 0 ? (
            <div className="mt-8">
              <StateNotice
                icon={<MessageCircleQuestion className="size-7" aria-hidden="true" />}
                title="No question matches your search"
                text="Try another word, or ask us directly: we answer every message."
              >
                <Button variant="outline" onClick={search.clear}>
                  Clear search
                </Button>
                <Button asChild variant="primary">
                  <Link to={paths.contact}>Contact us</Link>
                </Button>
              </StateNotice>
            </div>
          ) : (
            <FaqSections sections={sections} openAll={searching} openKey={search.text.trim()} />
          )}
        </div>
        <StillAsking />
      </div>
    </>
  )
}

/** While searching, every match is open so the answers can be read at a glance. */
function FaqSections({ sections, openAll, openKey }: { sections: FaqSection[]; openAll: boolean; openKey: string }) {
  return (
    <div className="mt-6 grid gap-8">
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={`faq-${section.id}`}>
          <h2 id={`faq-${section.id}`} className="text-xl font-bold tracking-tight">
            {section.title}
          </h2>
          <Accordion
            key={openAll ? openKey : 'browse'}
            type="multiple"
            defaultValue={openAll ? section.entries.map((entry) => entry.id) : []}
            className="mt-3 rounded-2xl border bg-card px-5"
          >
            {section.entries.map((entry) => (
              <AccordionItem key={entry.id} value={entry.id} id={entry.id}>
                <AccordionTrigger>{entry.question}</AccordionTrigger>
                <AccordionContent>{entry.answer}</AccordionContent>
              </AccordionItem>
            ))}
          </Accordion>
        </section>
      ))}
    </div>
  )
}

function StillAsking() {
  return (
    <aside aria-labelledby="still-asking" className="h-fit rounded-2xl bg-navy-950 p-6 text-white lg:sticky lg:top-24">
      <h2 id="still-asking" className="text-lg font-bold">
        Still have a question?
      </h2>
      <p className="mt-2 text-sm text-navy-200">Write to us and a person answers by email. In a deal already? Ask in its chat: an admin can join.</p>
      <div className="mt-5 grid gap-2">
        <Button asChild>
          <Link to={paths.contact}>Contact us</Link>
        </Button>
        <Button asChild variant="outline-inverse">
          <Link to={paths.howItWorks}>How it works</Link>
        </Button>
      </div>
    </aside>
  )
}
