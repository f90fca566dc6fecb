import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'
import {
  absoluteImageUrl,
  canonicalUrl,
  isPrivatePath,
  JSON_LD_PATH_ATTRIBUTE,
  SEO_META_KEYS,
  seoMeta,
  type SeoHead,
  type SeoMeta,
} from '@shared/seo'
import { setDocumentTitle } from './platform'

export { canonicalUrl }

export interface SeoOptions {
  title: string
  description: string
  /** private paths (/profile/{id}, /settings…) are never indexed, whatever this says */
  noIndex?: boolean
  /** a not-found screen: never indexed, and no canonical */
  notFound?: boolean
  /** the page's main address when this one is a second address for it (/account/{id} → /listing/{id}) */
  canonicalPath?: string
  /** an uploaded /media/… path or an http(s) URL; made absolute for previews */
  image?: string
  type?: 'website' | 'article'
}

const metaSelector = (attribute: SeoMeta['attribute'], key: string) => `meta[${attribute}="${key}"]`

function upsertMeta({ attribute, key, content }: SeoMeta) {
  let element = document.head.querySelector<HTMLMetaElement>(metaSelector(attribute, key))
  if (!element) {
    element = document.createElement('meta')
    element.setAttribute(attribute, key)
    document.head.append(element)
  }
  element.content = content
}

function upsertCanonical(href: string) {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')
  if (!link) {
    link = document.createElement('link')
    link.rel = 'canonical'
    document.head.append(link)
  }
  link.href = href
}

/** Writes the page's tags over whatever is in <head> (the server's first answer included). */
export function applySeo(head: SeoHead, pathname: string): void {
  setDocumentTitle(head.title)
  const tags = seoMeta(head)
  for (const tag of tags) upsertMeta(tag)
  // a tag the previous page had and this one has not (og:image) must not linger
  const present = new Set(tags.map((tag) => tag.key))
  for (const key of SEO_META_KEYS) {
    if (present.has(key)) continue
    document.head.querySelectorAll(`meta[name="${key}"], meta[property="${key}"]`).forEach((element) => element.remove())
  }
  if (head.notFound) document.head.querySelectorAll('link[rel="canonical"]').forEach((link) => link.remove())
  else upsertCanonical(head.url)
  // the server's structured data describes the page it answered; it is wrong anywhere else
  document.head.querySelectorAll(`script[type="application/ld+json"][${JSON_LD_PATH_ATTRIBUTE}]`).forEach((script) => {
    if (script.getAttribute(JSON_LD_PATH_ATTRIBUTE) !== pathname) script.remove()
  })
}

/** Title, description, canonical, robots and social-preview tags for the current page (SPEC §2). */
export function useSeo({ title, description, noIndex = false, notFound = false, canonicalPath, image, type = 'website' }: SeoOptions): void {
  const { pathname } = useLocation()
  useEffect(() => {
    const origin = window.location.origin
    applySeo(
      {
        title,
        description,
        // the server marks these noindex and robots.txt blocks them; the browser must not undo that
        noIndex: noIndex || notFound || isPrivatePath(pathname),
        notFound,
        type,
        url: canonicalUrl(origin, canonicalPath ?? pathname),
        image: absoluteImageUrl(image, origin),
      },
      pathname,
    )
  }, [pathname, title, description, noIndex, notFound, canonicalPath, image, type])
}
