import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'
import { setDocumentTitle } from './platform'

export interface SeoOptions {
  title: string
  description: string
  noIndex?: boolean
  image?: string
  type?: 'website' | 'article'
}

function upsertMeta(attribute: 'name' | 'property', key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`)
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

/** Canonical URL from the current path only: query strings and hashes would split search ranking. */
export function canonicalUrl(origin: string, pathname: string): string {
  return new URL(pathname, origin).toString()
}

/** Title, description, canonical, robots and social-preview tags for the current page (SPEC §2). */
export function useSeo({ title, description, noIndex = false, image, type = 'website' }: SeoOptions): void {
  const { pathname } = useLocation()
  useEffect(() => {
    const url = canonicalUrl(window.location.origin, pathname)
    setDocumentTitle(title)
    upsertMeta('name', 'description', description)
    upsertMeta('name', 'robots', noIndex ? 'noindex, nofollow' : 'index, follow')
    upsertCanonical(url)
    upsertMeta('property', 'og:title', title)
    upsertMeta('property', 'og:description', description)
    upsertMeta('property', 'og:url', url)
    upsertMeta('property', 'og:type', type)
    upsertMeta('property', 'og:site_name', 'Handover')
    upsertMeta('name', 'twitter:card', image ? 'summary_large_image' : 'summary')
    upsertMeta('name', 'twitter:title', title)
    upsertMeta('name', 'twitter:description', description)
    if (image) {
      upsertMeta('property', 'og:image', image)
      upsertMeta('name', 'twitter:image', image)
    }
  }, [pathname, title, description, noIndex, image, type])
}
