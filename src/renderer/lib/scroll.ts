import { BROWSE_SCROLL_DELAY_MS } from '@shared/constants'
import { LISTINGS_ANCHOR, paths } from '@/config/paths'

/**
 * Scrolls to a section and moves the focus there too, as following an in-page link does: a keyboard user's next
 * Tab continues inside the section (the search box after Browse) instead of back where the button was. `instant`
 * jumps there, for a page that opens at the section: gliding down a page that has just loaded only costs a slow
 * phone a frame's work per step.
 */
export function scrollToSection(id: string, { instant = false }: { instant?: boolean } = {}): boolean {
  const element = document.getElementById(id)
  if (!element) return false
  const reduceMotion = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  element.scrollIntoView({ behavior: instant || reduceMotion ? 'auto' : 'smooth', block: 'start' })
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1')
  element.focus({ preventScroll: true })
  return true
}

/**
 * SPEC §2 "Browse": on the home page just scroll to the listings; elsewhere go home first and scroll
 * once the page has had 100 ms to render the section. The hash is kept so a home page that is still
 * loading its chunk scrolls on mount instead.
 */
export function browseListings(pathname: string, navigate: (to: string) => void): void {
  if (pathname === paths.home) {
    scrollToSection(LISTINGS_ANCHOR)
    return
  }
  navigate(`${paths.home}#${LISTINGS_ANCHOR}`)
  window.setTimeout(() => scrollToSection(LISTINGS_ANCHOR), BROWSE_SCROLL_DELAY_MS)
}
