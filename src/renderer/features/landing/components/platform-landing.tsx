import type { ReactNode } from 'react'
import { ArrowDown } from 'lucide-react'
import { platformLandingText } from '@shared/seo'
import { LISTINGS_ANCHOR } from '@/config/paths'
import { PLATFORMS, type LivePlatformId } from '@/config/platforms'
import { Button } from '@/components/ui/button'
import { scrollToSection } from '@/lib/scroll'
import { useSeo } from '@/lib/seo'
import { usePlatformStats } from '@/lib/stats'
import { COMMON_FAQ, PLATFORM_COPY } from '../lib/copy'
import { platformFigures } from '../lib/figures'
import { ESCROW_ANCHOR, EscrowSteps } from './escrow-steps'
import { LandingFaq } from './landing-faq'
import { LandingHero } from './landing-hero'
import { PlatformLinks } from './platform-links'

interface PlatformLandingProps {
  platform: LivePlatformId
  /** the platform's icon; app/ passes it in, as features do not import each other */
  icon: ReactNode
  /** the listing grid, preselected to this platform */
  listings: ReactNode
}

/** /buy-{platform}-accounts (SPEC §2): a buyer's landing page for one platform. */
export function PlatformLanding({ platform, icon, listings }: PlatformLandingProps) {
  const info = PLATFORMS[platform]
  const copy = PLATFORM_COPY[platform]
  useSeo(platformLandingText(platform))
  const stats = usePlatformStats()

  return (
    <>
      <LandingHero
        title={`Buy ${info.label} Accounts`}
        intro={copy.intro}
        mark={
          <span
            className="flex size-11 items-center justify-center rounded-xl text-white shadow-sm ring-1 ring-white/20"
            style={{ backgroundColor: info.color }}
          >
            {icon}
          </span>
        }
        figures={platformFigures(stats.data, platform)}
        figuresLoading={stats.isPending}
        checks={copy.checks}
        actions={
          <>
            <Button size="lg" onClick={() => scrollToSection(LISTINGS_ANCHOR)}>
              Browse {info.label} accounts <ArrowDown aria-hidden="true" />
            </Button>
            <Button size="lg" variant="outline-inverse" onClick={() => scrollToSection(ESCROW_ANCHOR)}>
              How escrow works
            </Button>
          </>
        }
      />
      {listings}
      <EscrowSteps />
      <LandingFaq title={`Buying ${info.label} accounts`} entries={[...copy.faq, ...COMMON_FAQ]} />
      <PlatformLinks title="Accounts on other platforms" current={platform} />
    </>
  )
}
