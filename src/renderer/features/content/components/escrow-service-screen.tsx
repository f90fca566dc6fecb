import { Link } from 'react-router-dom'
import { BookLock, CreditCard, Gavel, Landmark, Scale, ShieldCheck } from 'lucide-react'
import { PAGE_TEXT } from '@shared/seo'
import { paths } from '@/config/paths'
import { PageIntro } from '@/components/page-intro'
import { Button } from '@/components/ui/button'
import { useSeo } from '@/lib/seo'
import { useTradingTerms } from '../api/get-trading-terms'
import { countdownText, escrowFeeText, paymentFeesText } from '../lib/terms-text'
import { ContentSection, CtaBand, InfoCard } from './content-blocks'

/** /escrow-service (linked from the footer): where the money is during a deal and who can move it. */
export function EscrowServiceScreen() {
  useSeo(PAGE_TEXT.escrowService)
  const { terms } = useTradingTerms()
  return (
    <>
      <PageIntro
        eyebrow={
          <>
            <ShieldCheck className="size-3.5" aria-hidden="true" /> Escrow service
          </>
        }
        title="Your money waits until the account is yours"
        lede="Every purchase on Handover is paid into escrow. The seller is paid only after the handover, and only the buyer’s release, the end of the countdown or an admin’s decision can move the money."
      >
        <Button asChild size="lg">
          <Link to={paths.howItWorks}>See every step of a deal</Link>
        </Button>
      </PageIntro>

      <ContentSection id="what-escrow-holds" title="What escrow holds, and where">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <InfoCard icon={<Landmark />} title="An escrow account per deal">
            When you pay, the price and the escrow fee move into an escrow account that belongs to your deal alone. The seller sees the money is
            there, but cannot spend or withdraw it.
          </InfoCard>
          <InfoCard icon={<BookLock />} title="A ledger that always adds up">
            Every movement of money is a double-entry ledger transfer: what leaves one account arrives in another, entries are never edited or
            deleted, and a repeated request never moves money twice.
          </InfoCard>
          <InfoCard icon={<CreditCard />} title="Ways to pay">
            From your Handover balance, or by card or crypto through our escrow payment provider. Its fees: {paymentFeesText()}.
          </InfoCard>
        </div>
      </ContentSection>

      <ContentSection id="who-moves-the-money" title="Who can move the money" className="pt-0 md:pt-0">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <InfoCard icon={<ShieldCheck />} title="Release to the seller">
            When the countdown after the handover ends ({countdownText(terms)}) with no dispute, or earlier if the buyer releases it. The seller gets
            the price; the escrow fee stays with Handover.
          </InfoCard>
          <InfoCard icon={<Scale />} title="Refund to the buyer">
            If the seller backs out before the buyer has access, everything the buyer paid returns to their balance, the escrow fee included.
          </InfoCard>
          <InfoCard icon={<Gavel />} title="An admin’s decision">
            A dispute freezes the deal. An admin reviews the chat, the timeline and the checklist, then releases the money or refunds it, and the
            decision is written to our audit log.
          </InfoCard>
        </div>
      </ContentSection>

      <CtaBand
        title="What it costs"
        text={`The buyer pays ${escrowFeeText(terms)}. Sellers pay no fee, and the full price is theirs when the money is released.`}
        primary={{ to: paths.faq, label: 'Fees and more in the FAQ' }}
        secondary={{ to: paths.contact, label: 'Ask us' }}
      />
    </>
  )
}
