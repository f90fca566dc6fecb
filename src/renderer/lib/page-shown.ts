import { useLayoutEffect } from 'react'
import { hydrationDone } from './hydration'

/** The attribute on <html> present while a lazy page's own content is on screen, not its "Loading..." placeholder. */
export const PAGE_SHOWN_ATTRIBUTE = 'data-page-shown'

let pagesShown = 0

/**
 * Sits beside the page inside its Suspense boundary, so it commits only with the page's content. Layout effects
 * also run their cleanup when a shown boundary falls back to its placeholder again, so the attribute is there
 * exactly while a page is. Browser checks wait for it: on a busy machine the placeholder's absence proves nothing,
 * since the layout can be on screen before the placeholder has even appeared.
 */
export function PageShown(): null {
  useLayoutEffect(() => {
    pagesShown += 1
    document.documentElement.setAttribute(PAGE_SHOWN_ATTRIBUTE, '')
    // a page the server rendered is the app's now: its root was busy until this first page was hydrated
    document.getElementById('root')?.removeAttribute('aria-busy')
    hydrationDone()
    return () => {
      pagesShown -= 1
      if (pagesShown === 0) document.documentElement.removeAttribute(PAGE_SHOWN_ATTRIBUTE)
    }
  }, [])
  return null
}
