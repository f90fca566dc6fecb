import { createHash } from 'node:crypto'
import { JSDOM } from 'jsdom'
import { describe, expect, it, vi } from 'vitest'
import { OFFLINE_PAGE_POLICY, offlineResponse, renderOfflinePage } from './offline-page'

const origin = 'http://localhost:3000'

function inline(html: string, tag: 'script' | 'style'): string {
  const match = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(html)
  if (!match?.[1]) throw new Error(`no inline ${tag}`)
  return match[1]
}

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

/** The page in a DOM with its script running, and a fake bridge standing in for the preload. */
function openPage(setServerUrl: (input: { url: string }) => Promise<{ url: string; fromEnvironment: boolean }>) {
  const dom = new JSDOM(renderOfflinePage({ serverOrigin: origin, fromEnvironment: false }), {
    url: `${origin}/chat/1`,
    runScripts: 'dangerously',
    beforeParse: (window) => Object.assign(window, { desktop: { setServerUrl } }),
  })
  const document = dom.window.document
  const input = document.getElementById('server-url') as HTMLInputElement
  const button = document.querySelector('#server-form button') as HTMLButtonElement
  const submit = async (value: string) => {
    input.value = value
    document.getElementById('server-form')?.dispatchEvent(new dom.window.Event('submit', { cancelable: true }))
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
  return { document, button, submit }
}

describe('the offline page', () => {
  it('names the server that cannot be reached and offers Retry and another address', () => {
    const html = renderOfflinePage({ serverOrigin: 'https://handover.example', fromEnvironment: false })
    expect(html).toContain('The Handover server at <strong>https://handover.example</strong> cannot be reached')
    expect(html).toContain('<button type="button" id="retry">Retry</button>')
    expect(html).toContain('value="https://handover.example"')
  })

  it('escapes the address it shows', () => {
    const html = renderOfflinePage({ serverOrigin: 'http://x/"><img src=x onerror=alert(1)>', fromEnvironment: false })
    expect(html).not.toContain('<img')
    expect(html).toContain('&#34;&#62;&#60;img')
  })

  it('points to the environment variable instead of the field when it decides the address', () => {
    const html = renderOfflinePage({ serverOrigin: origin, fromEnvironment: true })
    expect(html).not.toContain('<form')
    expect(html).toContain('<code>HANDOVER_SERVER_URL</code>')
  })

  it('runs its own inline style and script under its CSP, and nothing else', () => {
    const html = renderOfflinePage({ serverOrigin: origin, fromEnvironment: false })
    expect(OFFLINE_PAGE_POLICY).toContain(`script-src ${hashOf(inline(html, 'script'))}`)
    expect(OFFLINE_PAGE_POLICY).toContain(`style-src ${hashOf(inline(html, 'style'))}`)
    expect(OFFLINE_PAGE_POLICY).toContain("default-src 'none'")
    expect(OFFLINE_PAGE_POLICY).not.toContain('unsafe')
    // no request leaves the page: the server is the thing that is missing
    expect(html).not.toMatch(/\s(?:src|href|action)=/)
  })

  it('is a 503 that nothing keeps', async () => {
    const response = offlineResponse({ serverOrigin: origin, fromEnvironment: false })
    expect(response.status).toBe(503)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('content-security-policy')).toBe(OFFLINE_PAGE_POLICY)
    expect(await response.text()).toContain('Retry')
  })

  it('saves a new address through the bridge', async () => {
    const setServerUrl = vi.fn(async ({ url }: { url: string }) => ({ url: new URL(url).origin, fromEnvironment: false }))
    const { button, submit } = openPage(setServerUrl)
    await submit('  https://handover.example  ')
    expect(setServerUrl).toHaveBeenCalledWith({ url: 'https://handover.example' })
    // main reloads the window at the new origin; until then the button stays busy
    expect(button.disabled).toBe(true)
  })

  it("says so when the user does not confirm the new address in main's dialog", async () => {
    const setServerUrl = vi.fn(async () => ({ url: origin, fromEnvironment: false }))
    const { document, button, submit } = openPage(setServerUrl)
    await submit('https://elsewhere.example')
    expect(setServerUrl).toHaveBeenCalledWith({ url: 'https://elsewhere.example' })
    expect(document.getElementById('server-status')?.textContent).toBe('The server address was not changed.')
    expect(button.disabled).toBe(false)
  })

  it('explains an address main refuses and lets the user try again', async () => {
    const { document, button, submit } = openPage(() => Promise.reject(new Error('desktop:set-server-url: invalid-input')))
    await submit('ftp://handover.example')
    expect(document.getElementById('server-status')?.textContent).toMatch(/full address such as https:\/\/handover\.example/)
    expect(button.disabled).toBe(false)
  })
})
