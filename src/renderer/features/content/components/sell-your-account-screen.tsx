import { Link } from 'react-router-dom'
import { BadgeDollarSign, MessagesSquare, Store, Wallet } from 'lucide-react'
import type { TradingTerms } from '@shared/api/settings'
import { WITHDRAWAL_LIMITS } from '@shared/api/payments'
import { formatMoney } from '@shared/format'
import { PAGE_TEXT } from '@shared/seo'
import { paths } from '@/config/paths'
import { PageIntro } from '@/components/page-intro'
import { Button } from '@/components/ui/button'
import { useCurrentUser } from '@/lib/auth'
import { signInPath } from '@/lib/redirect'
import { useSeo } from '@/lib/seo'
import { useTradingTerms } from '../api/get-trading-terms'
import { countdownText, escrowFeeText } from '../lib/terms-text'
import { ContentSection, CtaBand, InfoCard, StepList, type Step } from './content-blocks'

function sellerSteps(terms: TradingTerms | undefined): Step[] {
  const review =
    terms?.listingApprovalRequired === false ? 'It goes live in the catalogue at once.' : 'Our team reviews it before it goes live in the catalogue.'
  return [
    { title: 'List the account', body: `Give the platform, handle, niche, audience, monthly income, price and a few pictures. ${review}` },
    {
      title: 'Answer buyers in the chat',
      body: 'Buyers can question you before they pay. Screenshots of analytics and a calm answer sell an account better than anything.',
    },
    {
      title: 'The buyer pays into escrow',
      body: 'You are told the moment the money is held for your deal. It cannot be taken back without a refund you agree to or an admin’s decision.',
    },
    {
      title: 'Hand the account over',
      body: 'Send the platform’s ownership invite and tick each step of the handover checklist as you do it. The buyer confirms each one.',
    },
    { title: 'Start the countdown', body: `Once the buyer has access, start the platform’s waiting period: ${countdownText(terms)}.` },
    {
      title: 'Get paid',
      body: 'When the countdown ends, or the buyer releases early, the full price goes to your Handover balance, ready to withdraw.',
    },
  ]
}

/** /sell-your-account (SPEC §2): selling explained, ending in the way to create a listing. */
export function SellYourAccountScreen() {
  useSeo(PAGE_TEXT.sellYourAccount)
  const { terms } = useTradingTerms()
  const { isSignedIn } = useCurrentUser()
  // visitors sign in first and land on the listing form afterwards
  const createHref = isSignedIn ? paths.createListing : signInPath(paths.createListing)
  const minimum = formatMoney(WITHDRAWAL_LIMITS.minCents / 100)

  return (
    <>
      <PageIntro
        eyebrow={
          <>
            <Store className="size-3.5" aria-hidden="true" /> For sellers
          </>
        }
        title="Sell your account, get paid safely"
        lede="List your YouTube channel or social media account, talk to serious buyers, and hand it over with the money already held in escrow."
      >
        <Button asChild size="lg">
          <Link to={createHref}>Create a listing</Link>
        </Button>
        <Button asChild size="lg" variant="outline-inverse">
          <Link to={paths.howItWorks}>How escrow works</Link>
        </Button>
      </PageIntro>

      <ContentSection id="selling-steps" title="From listing to payout">
        <StepList steps={sellerSteps(terms)} />
      </ContentSection>

      <ContentSection id="seller-money" title="What you pay, and how you are paid" className="pt-0 md:pt-0">
        <div className="grid gap-4 md:grid-cols-3">
          <InfoCard icon={<BadgeDollarSign />} title="No seller fee">
            Listing is free. The buyer pays {escrowFeeText(terms)}; the whole price you set is yours.
          </InfoCard>
          <InfoCard icon={<Wallet />} title="Withdrawals">
            Withdraw from {minimum} (or a smaller rest, whole) from your balance page to your payment provider account. The amount is set aside at
            once and paid out after an admin approves it.
          </InfoCard>
          <InfoCard icon={<MessagesSquare />} title="Help when you need it">
            If a buyer disputes a deal, an admin reads the chat and the checklist you ticked before deciding. Keep the whole handover in the deal’s
            chat.
          </InfoCard>
        </div>
      </ContentSection>

      <CtaBand
        title="Ready to sell?"
        text={isSignedIn ? 'It takes a few minutes to list an account.' : 'Sign in or create an account, and you will land on the listing form.'}
        primary={{ to: createHref, label: 'Create a listing' }}
        secondary={{ to: paths.faq, label: 'Read the FAQ' }}
      />
    </>
  )
}
