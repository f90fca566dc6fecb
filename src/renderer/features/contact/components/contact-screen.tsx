import { useState, type ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { CheckCircle2, HelpCircle, Mail, MessagesSquare } from 'lucide-react'
import { PAGE_TEXT } from '@shared/seo'
import { paths } from '@/config/paths'
import { PageIntro } from '@/components/page-intro'
import { Button } from '@/components/ui/button'
import { useSeo } from '@/lib/seo'
import { ContactForm } from './contact-form'

/** /contact (SPEC §2): a message to the team, stored and emailed to the admins. */
export function ContactScreen() {
  useSeo(PAGE_TEXT.contact)
  const [receipt, setReceipt] = useState<string | null>(null)
  // a new form each time, so "Send another" starts empty
  const [round, setRound] = useState(0)

  return (
    <>
      <PageIntro
        eyebrow={
          <>
            <Mail className="size-3.5" aria-hidden="true" /> We read every message
          </>
        }
        title="Contact us"
        lede="A question about a listing, a deal or your account? Write to us and a member of the team answers by email."
      />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 sm:px-6 md:py-12 lg:grid-cols-[minmax(0,1fr)_20rem] lg:px-8">
        <section aria-labelledby="contact-form-title" className="rounded-2xl border bg-card p-5 shadow-sm sm:p-8">
          {receipt ? (
            <div role="status" className="flex flex-col items-start gap-4">
              <CheckCircle2 className="size-10 text-success" aria-hidden="true" />
              <h2 id="contact-form-title" className="text-2xl font-bold">
                Message sent
              </h2>
              <p className="text-muted-foreground">{receipt}</p>
              <div className="flex flex-col gap-3 sm:flex-row">
                <Button
                  variant="outline"
                  onClick={() => {
                    setReceipt(null)
                    setRound((n) => n + 1)
                  }}
                >
                  Send another message
                </Button>
                <Button asChild variant="primary">
                  <Link to={paths.home}>Back to the marketplace</Link>
                </Button>
              </div>
            </div>
          ) : (
            <>
              <h2 id="contact-form-title" className="text-xl font-bold">
                Send us a message
              </h2>
              <p className="mt-1 mb-6 text-sm text-muted-foreground">All fields are needed.</p>
              <ContactForm key={round} onSent={setReceipt} />
            </>
          )}
        </section>
        <aside aria-labelledby="before-you-write" className="grid h-fit gap-5 rounded-2xl bg-navy-950 p-6 text-white">
          <h2 id="before-you-write" className="text-lg font-bold">
            Before you write
          </h2>
          <Tip icon={<MessagesSquare className="size-5" aria-hidden="true" />} title="In a deal already?">
            Ask in the deal’s chat: an admin can join it, and everything said there counts if the deal is disputed.
          </Tip>
          <Tip icon={<HelpCircle className="size-5" aria-hidden="true" />} title="Fees, refunds, withdrawals">
            Most answers are in the{' '}
            <Link to={paths.faq} className="font-medium text-mint-300 underline underline-offset-2">
              FAQ
            </Link>
            .
          </Tip>
        </aside>
      </div>
    </>
  )
}

function Tip({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-3">
      <span className="mt-0.5 text-mint-400">{icon}</span>
      <div>
        <h3 className="font-semibold">{title}</h3>
        <p className="mt-1 text-sm text-navy-200">{children}</p>
      </div>
    </div>
  )
}
