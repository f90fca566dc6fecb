import { describe, expect, it } from 'vitest'
import { renderPage } from './entry-server'

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ')

async function htmlOf(path: string): Promise<string> {
  const page = await renderPage(`http://handover.test${path}`)
  if (!('html' in page)) throw new Error(`${path} redirected to ${page.redirect}`)
  return page.html
}

describe('a public page rendered on the server', () => {
  it.each([
    ['/faq', 'Frequently asked questions'],
    ['/how-it-works', 'How Handover works'],
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
  ])('%s has its whole content in the markup, with the site header', async (path, heading) => {
    const html = await htmlOf(path)
    expect(text(html)).toContain(heading)
    expect(html).toMatch(/<h1[^>]*>/)
    expect(text(html)).toContain('Top Sellers')
    // nothing left for a script to fill in: no page placeholder, no out-of-order segment, no inline script
    expect(html).not.toContain('Loading...')
    expect(html).not.toMatch(/<template id="B:|<div hidden id="S:/)
    expect(html).not.toContain('<script')
  })

  it('answers a path of no page with the not-found screen', async () => {
    expect(text(await htmlOf('/no-such-page-here'))).toMatch(/not found/i)
  })
})
