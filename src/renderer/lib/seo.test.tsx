// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { act, cleanup, render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { JSON_LD_PATH_ATTRIBUTE, SEO_META_KEYS, seoMeta } from '@shared/seo'
import { useSeo, type SeoOptions } from './seo'

/** <head> as the server writes it for /listing/5 (server/modules/seo/head.ts builds it from the same seoMeta). */
function serverHead() {
  const tags = seoMeta({
    title: 'Server title | Handover',
    description: 'Server description',
    url: `${window.location.origin}/listing/5`,
    image: `${window.location.origin}/media/listings/a.webp`,
  })
  document.head.innerHTML = [
    '<meta charset="UTF-8" />',
    '<title>Server title | Handover</title>',
    ...tags.map((t) => `<meta ${t.attribute}="${t.key}" content="${t.content}" />`),
    `<link rel="canonical" href="${window.location.origin}/listing/5" />`,
    `<script type="application/ld+json" ${JSON_LD_PATH_ATTRIBUTE}="/listing/5">{"@type":"Product"}</script>`,
  ].join('')
}

function Page(props: SeoOptions) {
  useSeo(props)
  return null
}

const content = (key: string) =>
  [...document.head.querySelectorAll(`meta[name="${key}"], meta[property="${key}"]`)].map((el) => el.getAttribute('content'))

beforeEach(serverHead)
afterEach(cleanup)

describe('useSeo over the server-written head', () => {
  it('updates the server tags in place, then drops what the next page does not have', async () => {
    const router = createMemoryRouter(
      [
        { path: '/listing/:id', element: <Page title="Cat channel | Handover" description="A cat channel" image="/media/listings/a.webp" /> },
        { path: '/top-sellers', element: <Page title="Top Sellers | Handover" description="The best sellers" /> },
      ],
      { initialEntries: ['/listing/5'] },
    )
    render(<RouterProvider router={router} />)

    expect(document.title).toBe('Cat channel | Handover')
    for (const key of SEO_META_KEYS) expect(content(key), key).toHaveLength(1)
    expect(content('description')).toEqual(['A cat channel'])
    expect(content('og:image')).toEqual([`${window.location.origin}/media/listings/a.webp`])
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1)
    // the structured data still describes this page
    expect(document.head.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(1)

    await act(() => router.navigate('/top-sellers?sort=x'))

    expect(document.title).toBe('Top Sellers | Handover')
    expect(content('description')).toEqual(['The best sellers'])
    expect(content('robots')).toEqual(['index, follow'])
    expect(content('og:url')).toEqual([`${window.location.origin}/top-sellers`])
    expect(content('og:image')).toEqual([])
    expect(content('twitter:image')).toEqual([])
    expect(content('twitter:card')).toEqual(['summary'])
    expect([...document.head.querySelectorAll('link[rel="canonical"]')].map((el) => el.getAttribute('href'))).toEqual([
      `${window.location.origin}/top-sellers`,
    ])
    expect(document.head.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(0)
    expect(document.head.querySelectorAll('title')).toHaveLength(1)
  })

  it('marks a private page noindex', () => {
    const router = createMemoryRouter([{ path: '*', element: <Page title="Settings" description="d" noIndex /> }], { initialEntries: ['/settings'] })
    render(<RouterProvider router={router} />)
    expect(content('robots')).toEqual(['noindex, nofollow'])
  })

  it('keeps a private path noindex even when its screen would index it (/profile/{id})', () => {
    const router = createMemoryRouter([{ path: '*', element: <Page title="nova.media – Seller Profile | Handover" description="d" /> }], {
      initialEntries: ['/profile/1004'],
    })
    render(<RouterProvider router={router} />)
    expect(content('robots')).toEqual(['noindex, nofollow'])
  })

  it("names the page's main address as canonical when it is shown under a second one", () => {
    const router = createMemoryRouter([{ path: '*', element: <Page title="Cat channel | Handover" description="d" canonicalPath="/listing/5" /> }], {
      initialEntries: ['/account/5'],
    })
    render(<RouterProvider router={router} />)
    const listingUrl = `${window.location.origin}/listing/5`
    expect([...document.head.querySelectorAll('link[rel="canonical"]')].map((el) => el.getAttribute('href'))).toEqual([listingUrl])
    expect(content('og:url')).toEqual([listingUrl])
    expect(content('robots')).toEqual(['index, follow'])
  })
})
