import { BadgeCheck, ClipboardCheck, Flag, MailCheck, SearchCheck, UserCheck } from 'lucide-react'
import { VERIFICATION_CODE_LENGTH } from '@shared/constants'
import { PAGE_TEXT } from '@shared/seo'
import { paths } from '@/config/paths'
import { PageIntro } from '@/components/page-intro'
import { useSeo } from '@/lib/seo'
import { useTradingTerms } from '../api/get-trading-terms'
import { ContentSection, CtaBand, InfoCard } from './content-blocks'

/** /verification (linked from the footer): what Handover checks, and what the Verified badge does and does not mean. */
export function VerificationScreen() {
  useSeo(PAGE_TEXT.verification)
  const { terms } = useTradingTerms()
  const reviewed = terms?.listingApprovalRequired !== false
  return (
    <>
      <PageIntro
        eyebrow={
          <>
            <BadgeCheck className="size-3.5" aria-hidden="true" /> Trust &amp; safety
          </>
        }
        title="What we verify"
        lede="Who you trade with, what is for sale, and that the handover really happened: the checks behind every deal on Handover."
      />

      <ContentSection id="checks" title="The checks, one by one">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <InfoCard icon={<MailCheck />} title="Every account has a real email">
            An account is created only after its owner types the {VERIFICATION_CODE_LENGTH}-digit code we email them. Codes expire after 15 minutes
            and allow only a few tries.
          </InfoCard>
          <InfoCard icon={<SearchCheck />} title={reviewed ? 'Listings are reviewed first' : 'Listings are moderated'}>
            {reviewed
              ? 'A new listing, or one whose platform or handle changes, waits for our team’s approval before it appears in the catalogue. A rejected listing goes back to its seller with the reason.'
              : 'Listings go live when they are created, and our team suspends any that break the rules. Buyers can report problems through the contact form or a deal’s chat.'}
          </InfoCard>
          <InfoCard icon={<BadgeCheck />} title="The Verified badge">
            It marks an account that holds its platform’s verified status, as stated by the seller or confirmed by an admin. Ask the seller for proof
            in the chat before you pay.
          </InfoCard>
          <InfoCard icon={<ClipboardCheck />} title="A checked handover">
            Each deal follows its platform’s handover checklist: the seller ticks each step, the buyer confirms it, and both ticks are kept on the
            deal’s timeline.
          </InfoCard>
          <InfoCard icon={<UserCheck />} title="Sellers with a history">
            A seller’s profile shows when they joined, what they sell now and how many sales they completed, so you can see who you are dealing with.
          </InfoCard>
          <InfoCard icon={<Flag />} title="Moderation">
            Admins can flag violations, suspend listings and ban accounts; a banned user is signed out at once. Every such action is recorded in our
            audit log.
          </InfoCard>
        </div>
      </ContentSection>

      <CtaBand
        title="See something wrong?"
        text="Tell us about a listing or a user that does not look right. In a deal already? Open a dispute before the countdown ends."
        primary={{ to: paths.contact, label: 'Contact us' }}
        secondary={{ to: paths.escrowService, label: 'How escrow protects you' }}
      />
    </>
  )
}
