import type { ReactNode } from 'react'
import { useAtom } from 'jotai'
import { PAGE_TEXT } from '@shared/seo'
import { LISTINGS_ANCHOR } from '@/config/paths'
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

/** The chat shortcut, for whoever is signed in: on its own, so learning who that is re-renders it and not the page. */
function SignedInChatButton() {
  const { isSignedIn } = useCurrentUser()
  return isSignedIn ? <FloatingChatButton /> : null
}

export function HomePage({ listings }: HomePageProps) {
  // the same text the server wrote into the first answer
  useSeo(PAGE_TEXT.home)
  useAnchorScroll()
  const [platform, setPlatform] = useAtom(selectedPlatformAtom)

  const selectPlatform = (next: PlatformId) => {
    setPlatform(next)
    scrollToSection(LISTINGS_ANCHOR)
  }

  return (
    <>
      <Hero onBrowse={() => scrollToSection(LISTINGS_ANCHOR)} />
      <PlatformTiles selected={platform} onSelect={selectPlatform} />
      {listings}
      <SecurityFeatures />
      <SiteFooter onSelectPlatform={selectPlatform} />
      <SignedInChatButton />
    </>
  )
}
