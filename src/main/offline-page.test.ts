import { createHash } from 'node:crypto'
import { JSDOM, VirtualConsole } from 'jsdom'
import { describe, expect, it, vi } from 'vitest'
import { SERVER_URL_HTTPS_MESSAGE } from '@shared/ipc/url-rules'
import { OFFLINE_PAGE_POLICY, OFFLINE_RETRY, offlineResponse, renderOfflinePage, type OfflinePageOptions } from './offline-page'

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

  it('says the page stopped, instead of the server being unreachable, after repeated crashes', () => {
    const html = renderOfflinePage({ serverOrigin: origin, fromEnvironment: false, failure: 'The page stopped unexpectedly (<oom>).' })
    expect(html).toContain('<h1>Handover stopped</h1>')
    expect(html).toContain('The page stopped unexpectedly (&#60;oom&#62;). Retry loads it again.')
    expect(html).not.toContain('cannot be reached')
    expect(html).toContain('<button type="button" id="retry">Retry</button>')
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

  it.each(['http://handover.example', 'http://192.168.1.20:3000/'])('refuses plain http to another computer (%s), saying why', async (url) => {
    const setServerUrl = vi.fn(async () => ({ url: origin, fromEnvironment: false }))
    const { document, button, submit } = openPage(setServerUrl)
    await submit(url)
    expect(setServerUrl).not.toHaveBeenCalled()
    expect(document.getElementById('server-status')?.textContent).toBe(SERVER_URL_HTTPS_MESSAGE)
    expect(button.disabled).toBe(false)
  })

  it('passes plain http to this computer on to main', async () => {
    const setServerUrl = vi.fn(async ({ url }: { url: string }) => ({ url: new URL(url).origin, fromEnvironment: false }))
    const { submit } = openPage(setServerUrl)
    await submit('http://127.0.0.1:4000')
    expect(setServerUrl).toHaveBeenCalledWith({ url: 'http://127.0.0.1:4000' })
  })

  it('explains an address main refuses and lets the user try again', async () => {
    const { document, button, submit } = openPage(() => Promise.reject(new Error('desktop:set-server-url: invalid-input')))
    await submit('ftp://handover.example')
    expect(document.getElementById('server-status')?.textContent).toMatch(/full address such as https:\/\/handover\.example/)
    expect(button.disabled).toBe(false)
  })
})

/**
 * The page with its script running on a clock the test turns: its timers only fire through `advance`, and a reload
 * (which jsdom does not perform) is counted. `saved` is what an earlier load of the page left in sessionStorage.
 */
function openRetryingPage(saved?: { tries: number; at: number }, options: Partial<OfflinePageOptions> = {}) {
  let now = 1_000_000
  let timers: { at: number; run: () => void }[] = []
  let reloads = 0
  const virtualConsole = new VirtualConsole()
  virtualConsole.on('jsdomError', (error) => {
    if (error.message.includes('navigation')) reloads += 1
    else throw error
  })
  const dom = new JSDOM(renderOfflinePage({ serverOrigin: origin, fromEnvironment: false, ...options }), {
    url: `${origin}/chat/1`,
    runScripts: 'dangerously',
    virtualConsole,
    beforeParse(window) {
      window.Date.now = () => now
      Object.assign(window, {
        setTimeout: (run: () => void, ms: number) => timers.push({ at: now + ms, run }),
      })
      if (saved) window.sessionStorage.setItem(OFFLINE_RETRY.storageKey, JSON.stringify(saved))
    },
  })
  const advance = (ms: number) => {
    const until = now + ms
    for (let next = timers.find((t) => t.at <= until); next; next = timers.find((t) => t.at <= until)) {
      timers = timers.filter((t) => t !== next)
      now = next.at
      next.run()
    }
    now = until
  }
  const document = dom.window.document
  return {
    document,
    advance,
    countdown: () => document.getElementById('retry-countdown')?.textContent,
    reloads: () => reloads,
    saved: () => JSON.parse(dom.window.sessionStorage.getItem(OFFLINE_RETRY.storageKey) ?? 'null') as unknown,
    now: () => now,
  }
}

describe('the offline page retrying on its own', () => {
  it('counts down from 5 s, then reloads and notes the try', () => {
    const page = openRetryingPage()
    expect(page.countdown()).toBe('Retrying in 5 s')
    page.advance(1000)
    expect(page.countdown()).toBe('Retrying in 4 s')
    page.advance(3999)
    expect(page.countdown()).toBe('Retrying in 1 s')
    expect(page.reloads()).toBe(0)
    page.advance(1)
    expect(page.reloads()).toBe(1)
    expect(page.saved()).toEqual({ tries: 1, at: page.now() })
  })

  it.each([
    [1, 10],
    [2, 20],
    [3, 40],
    [4, 60],
    [30, 60],
  ])('waits longer after %i tries: %i s', (tries, seconds) => {
    const page = openRetryingPage({ tries, at: 1_000_000 - 2000 })
    expect(page.countdown()).toBe(`Retrying in ${seconds} s`)
    page.advance(seconds * 1000 - 1)
    expect(page.reloads()).toBe(0)
    page.advance(1)
    expect(page.reloads()).toBe(1)
    expect(page.saved()).toEqual({ tries: tries + 1, at: page.now() })
  })

  it('starts again from 5 s when the tries it finds are from an earlier outage', () => {
    expect(openRetryingPage({ tries: 4, at: 1_000_000 - 91_000 }).countdown()).toBe('Retrying in 5 s')
    expect(openRetryingPage({ tries: -3, at: 1_000_000 }).countdown()).toBe('Retrying in 5 s')
  })

  it('still retries at once on the button, counting it as a try', () => {
    const page = openRetryingPage({ tries: 2, at: 1_000_000 })
    ;(page.document.getElementById('retry') as HTMLButtonElement).click()
    expect(page.reloads()).toBe(1)
    expect(page.saved()).toEqual({ tries: 3, at: 1_000_000 })
  })

  it('does not retry on its own after the page itself crashed, which would crash it again', () => {
    const page = openRetryingPage(undefined, { failure: 'The page stopped unexpectedly.' })
    expect(page.countdown()).toBeUndefined()
    page.advance(10 * 60_000)
    expect(page.reloads()).toBe(0)
  })
})
