import type { ReactNode } from 'react'
import { useAtom } from 'jotai'
import { PAGE_TEXT } from '@shared/seo'
import { LISTINGS_ANCHOR, paths } from '@/config/paths'
import type { PlatformId } from '@/config/platforms'
import { useCurrentUser } from '@/lib/auth'
import { scrollToSection } from '@/lib/scroll'
import { useSeo } from '@/lib/seo'
import { selectedPlatformAtom } from '../atoms'
import { useAnchorScroll } from '../hooks/use-anchor-scroll'
import { FloatingChatButton } from './floating-chat-button'
import { Hero } from './hero'
import { PlatformTiles } from './platform-tiles'
import { SecurityFeatures } from './security-features'
import { SiteFooter } from './site-footer'

interface HomePageProps {
  /** The filterable listing grid (section #filterable-listings); app/ composes it in, as features do not import each other. */
  listings: ReactNode
}

export function HomePage({ listings }: HomePageProps) {
  // the same text the server wrote into the first answer
  useSeo(PAGE_TEXT.home)
  useAnchorScroll()
  const { isSignedIn } = useCurrentUser()
  const [platform, setPlatform] = useAtom(selectedPlatformAtom)

  // SPEC §2: Sell Your Account goes to listing creation when signed in, else to sign-in (/auth).
  const sellHref = isSignedIn ? paths.createListing : paths.auth
  const selectPlatform = (next: PlatformId) => {
    setPlatform(next)
    scrollToSection(LISTINGS_ANCHOR)
  }

  return (
    <>
      <Hero sellHref={sellHref} onBrowse={() => scrollToSection(LISTINGS_ANCHOR)} />
      <PlatformTiles selected={platform} onSelect={selectPlatform} />
      {listings}
      <SecurityFeatures />
      <SiteFooter sellHref={sellHref} onSelectPlatform={selectPlatform} />
      {isSignedIn && <FloatingChatButton />}
    </>
  )
}
