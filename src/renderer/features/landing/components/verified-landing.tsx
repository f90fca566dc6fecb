import type { ReactNode } from 'react'
import { ArrowDown, BadgeCheck } from 'lucide-react'
import { PAGE_TEXT } from '@shared/seo'
import { LISTINGS_ANCHOR } from '@/config/paths'
import { Button } from '@/components/ui/button'
import { scrollToSection } from '@/lib/scroll'
import { useSeo } from '@/lib/seo'
import { useStats } from '@/lib/stats'
import { COMMON_FAQ, type FaqEntry } from '../lib/copy'
import { verifiedFigures } from '../lib/figures'
import { ESCROW_ANCHOR, EscrowSteps } from './escrow-steps'
import { LandingFaq } from './landing-faq'
import { LandingHero } from './landing-hero'
import { PlatformLinks } from './platform-links'

const VERIFIED_FAQ: readonly FaqEntry[] = [
  {
    question: 'What does the Verified badge mean?',
    answer:
      'It marks an account that holds its platform\u2019s verified status. Every listing is reviewed by our team before it appears on Handover, and you can ask the seller for proof in chat before you pay.',
  },
  {
    question: 'Does the verified status stay after the sale?',
    answer:
      'Platforms may review verification when an account changes hands or its name changes. Ask the seller how the badge was earned, and keep the account\u2019s name and purpose as they are.',
  },
]

/** /verified-social-media-accounts (SPEC §2): verified listings on every platform, the grid filtered to them. */
export function VerifiedLanding({ listings }: { listings: ReactNode }) {
  useSeo(PAGE_TEXT.verified)
  const stats = useStats()

  return (
    <>
      <LandingHero
        title="Verified Social Media Accounts"
        intro="Accounts with the Verified badge on YouTube, Instagram, TikTok, Facebook, Twitter / X and Telegram. Filter them by platform, audience and price, question the seller in chat, and pay into escrow: the seller is paid only once the account is yours."
        mark={
          <span className="flex size-11 items-center justify-center rounded-xl bg-sky-500 text-white shadow-sm ring-1 ring-white/20">
            <BadgeCheck className="size-6" aria-hidden="true" />
          </span>
        }
        figures={verifiedFigures(stats.data)}
        figuresLoading={stats.isPending}
        actions={
          <>
            <Button size="lg" onClick={() => scrollToSection(LISTINGS_ANCHOR)}>
              Browse verified accounts <ArrowDown aria-hidden="true" />
            </Button>
            <Button size="lg" variant="outline-inverse" onClick={() => scrollToSection(ESCROW_ANCHOR)}>
              How escrow works
            </Button>
          </>
        }
      />
      {listings}
      <EscrowSteps />
      <LandingFaq title="Buying verified accounts" entries={[...VERIFIED_FAQ, ...COMMON_FAQ]} />
      <PlatformLinks title="Browse by platform" withVerified={false} />
    </>
  )
}
