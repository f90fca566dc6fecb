import { Link } from 'react-router-dom'
import { ArrowDown, Ban, Gavel, RotateCcw, ShieldCheck } from 'lucide-react'
import { TRANSACTION_STATUS_LABELS as STATUS } from '@shared/api/transactions'
import type { TradingTerms } from '@shared/api/settings'
import { PAGE_TEXT } from '@shared/seo'
import { LISTINGS_ANCHOR, paths } from '@/config/paths'
import { PageIntro } from '@/components/page-intro'
import { Button } from '@/components/ui/button'
import { useSeo } from '@/lib/seo'
import { useTradingTerms } from '../api/get-trading-terms'
import { countdownText, escrowFeeText, reservationText } from '../lib/terms-text'
import { ContentSection, CtaBand, InfoCard, StepList, type Step } from './content-blocks'
import { CountdownTable } from './countdown-table'

/** The deal as the escrow runs it, one step per status the deal page shows. */
function dealSteps(terms: TradingTerms | undefined): Step[] {
  return [
    {
      title: 'Reserve the account',
      status: STATUS.pending,
      body: `Press Buy and the listing is held for you for ${reservationText(terms)} while you pay. A chat with the seller opens with the deal.`,
    },
    {
      title: 'Pay into escrow',
      status: STATUS.fee_paid,
      body: `You pay the price plus ${escrowFeeText(terms)}, from your balance or by card or crypto. The money waits in the deal's own escrow account: the seller sees it there but cannot touch it.`,
    },
    {
      title: 'Seller sends the invite',
      status: STATUS.invite_sent,
      body: 'The seller sends the platform\u2019s ownership invite and works through the handover checklist for the account\u2019s platform, ticking each step as done.',
    },
    {
      title: 'You confirm access',
      status: STATUS.access_granted,
      body: 'You check every step from your side (login email, phone, two-factor, owners) and confirm that you can get into the account.',
    },
    {
      title: 'The platform\u2019s waiting period',
      status: STATUS.countdown_started,
      body: `The seller starts the countdown that covers the platform\u2019s own wait before a transfer is final: ${countdownText(terms)}.`,
    },
    {
      title: 'Money released',
      status: STATUS.completed,
      body: 'When the countdown ends with no dispute, the price goes to the seller\u2019s balance. Is everything yours sooner? Release it yourself.',
    },
  ]
}

/** /how-it-works and /secure-account-trading (SPEC §2): the escrow as the marketplace really runs it. */
export function HowItWorksScreen() {
  useSeo(PAGE_TEXT.howItWorks)
  const { terms, loading } = useTradingTerms()
  return (
    <>
      <PageIntro
        eyebrow={
          <>
            <ShieldCheck className="size-3.5" aria-hidden="true" /> Escrow on every purchase
          </>
        }
        title="How Handover works"
        lede="The buyer’s money is held in escrow from payment until the account is really theirs. Here is every step of a deal, exactly as the deal page shows it."
      >
        <Button asChild size="lg">
          <Link to={{ pathname: paths.home, hash: LISTINGS_ANCHOR }}>
            Browse accounts <ArrowDown aria-hidden="true" />
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline-inverse">
          <Link to={paths.sellYourAccount}>Sell your account</Link>
        </Button>
      </PageIntro>

      <ContentSection
        id="deal-steps"
        title="A deal, step by step"
        intro="Each card names the status the deal shows once that step is done. Both sides and our admins see the same timeline."
      >
        <StepList steps={dealSteps(terms)} />
      </ContentSection>

      <ContentSection
        id="when-it-goes-wrong"
        title="When something goes wrong"
        intro="While the money is in escrow, nobody can simply walk away with it."
        className="pt-0 md:pt-0"
      >
        <div className="grid gap-4 md:grid-cols-3">
          <InfoCard icon={<Gavel />} title="Dispute">
            From payment until the countdown ends, either side can open a dispute with its reason. The deal stops, and an admin reads its chat,
            timeline and checklist before releasing the money to the seller or refunding the buyer.
          </InfoCard>
          <InfoCard icon={<RotateCcw />} title="Refund">
            A seller who cannot complete the handover refunds the deal before the buyer has access. The buyer gets the price and the escrow fee back
            on their balance at once.
          </InfoCard>
          <InfoCard icon={<Ban />} title="Cancel">
            Before payment, either side can cancel, and an unpaid reservation lapses on its own. The listing goes back on sale and nobody is charged.
          </InfoCard>
        </div>
      </ContentSection>

      <ContentSection
        id="countdowns"
        title="How long the countdown lasts"
        intro="Platforms make a new owner wait before a transfer is final; YouTube, for one, lets a new owner become primary owner only after 7 days. The countdown for each platform:"
        className="pt-0 md:pt-0"
      >
        <CountdownTable terms={terms} loading={loading} />
      </ContentSection>

      <CtaBand
        title="Questions before you start?"
        text="The FAQ covers fees, disputes and withdrawals. Anything else: write to us, or ask in a deal’s chat, where an admin can join."
        primary={{ to: paths.faq, label: 'Read the FAQ' }}
        secondary={{ to: paths.contact, label: 'Contact us' }}
      />
    </>
  )
}
