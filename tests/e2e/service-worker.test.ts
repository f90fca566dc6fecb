import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { RunningServer } from '../../server/server'
import { launchChromium } from '../support/browser'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { SHOTS } from '../support/e2e'
import { startTestServer } from '../support/server'

/**
 * The website's service worker in Chromium, on a copy of the built website, so a test can drop a rebuilt worker
 * into it the way a deploy would.
 */

const STAMP = /^const BUILD = (.*)$/m

let db: TestDatabase
let server: RunningServer
let browser: Browser
let webRoot: string

const workerBuild = () => JSON.parse(STAMP.exec(readFileSync(join(webRoot, 'sw.js'), 'utf8'))![1]!) as { id: string; shell: string[] }

/** Every cached request, by cache, as the page sees Cache Storage. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const found: Record<string, string[]> = {}
    for (const name of await caches.keys()) found[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname)
    return found
  })

/** A first visit: the worker installs, takes over the page and stores the build files the page already loaded. */
async function firstVisit(context: BrowserContext, path = '/'): Promise<Page> {
  const page = await context.newPage()
  await page.goto(`${server.url}${path}`)
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const loaded = performance
            .getEntriesByType('resource')
            .map((entry) => new URL(entry.name))
            .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
          const cache = await caches.open((await caches.keys()).find((name) => name.startsWith('handover-'))!)
          const missing: string[] = []
          for (const url of loaded) if (!(await cache.match(url.pathname))) missing.push(url.pathname)
          return missing
        }),
      { timeout: 20_000 },
    )
    .toEqual([])
  return page
}

beforeAll(async () => {
  const built = process.env.WEB_ROOT ? resolve(process.env.WEB_ROOT) : resolve(import.meta.dirname, '../../dist/web')
  webRoot = mkdtempSync(join(tmpdir(), 'handover-sw-web-'))
  cpSync(built, webRoot, { recursive: true })
  db = await createTestDatabase()
  server = await startTestServer({ databaseUrl: db.url, webRoot })
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
  await db?.drop()
  if (webRoot) rmSync(webRoot, { recursive: true, force: true })
})

describe('the service worker', () => {
  it('installs on the first visit with the build’s shell, and never stores an /api answer', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await firstVisit(context)
    const { id, shell } = workerBuild()
    // API requests made while the worker controls the page: the reload's own, and one asked directly
    await page.reload()
    await page.locator('#root > *').first().waitFor()
    expect(await page.evaluate(() => fetch('/api/diagnostic').then((res) => res.status))).toBe(200)
    const cached = await cachedPaths(page)
    expect(Object.keys(cached)).toEqual([`handover-${id}`])
    expect(cached[`handover-${id}`]).toEqual(expect.arrayContaining(shell))
    expect(
      Object.values(cached)
        .flat()
        .filter((path) => path.startsWith('/api') || path.startsWith('/ws')),
    ).toEqual([])
    // a page load still gets the server's own page, with that page's tags
    const answer = await page.goto(`${server.url}/how-it-works`)
    expect(answer?.fromServiceWorker()).toBe(true)
    expect(await answer!.text()).toContain('/how-it-works" />')
    await context.close()
  })

  it('shows the app shell and the offline notice when a page is reloaded without a network', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await firstVisit(context, '/how-it-works')
    await context.setOffline(true)
    const answer = await page.reload()
    // the stored shell (the build's own index.html), not a page the server rendered
    expect(answer?.fromServiceWorker()).toBe(true)
    expect(await answer!.text()).not.toContain('rel="canonical"')
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    const notice = page.getByTestId('offline-notice')
    await notice.waitFor()
    expect(await notice.innerText()).toContain("You're offline.")
    await page.screenshot({ path: `${SHOTS}/offline-notice.png` })

    await context.setOffline(false)
    await notice.waitFor({ state: 'detached' })
    // /api is never answered from the worker: back online, the server answers it itself
    const api = await page.request.get(`${server.url}/api/diagnostic`)
    expect(api.headers()['content-type']).toContain('application/json')
    await context.close()
  })

  // Retried once: in one CI run of about forty, under the other worker's load, the page had not loaded again 30 s after
  // Reload was pressed (the app reloads by itself after 10 s at the latest), and it could not be made to happen again
  // here in seven runs, four of them beside a walk of every route. A change that breaks the update fails both tries.
  it('offers a rebuilt worker as "Update available", and Reload switches to it', { retry: 1 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await firstVisit(context)
    const { id } = workerBuild()
    expect(await page.getByTestId('update-prompt').count()).toBe(0)

    // a new build: same files, a worker with another id (what any change to the build gives)
    const worker = readFileSync(join(webRoot, 'sw.js'), 'utf8')
    const next = `${id}-next`
    writeFileSync(
      join(webRoot, 'sw.js'),
      worker.replace(STAMP, (line) => line.replace(`"id":"${id}"`, `"id":"${next}"`)),
    )
    try {
      await page.reload()
      const prompt = page.getByTestId('update-prompt')
      await prompt.waitFor()
      expect(await prompt.innerText()).toContain('Update available.')
      // the new worker waits for the visitor: a reload alone leaves it waiting, the old build in charge and its cache kept
      await page.reload()
      await prompt.waitFor()
      // the page as a visitor sees it, its route's code loaded: nothing the old worker still serves holds the takeover
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state)).toBe('installed')
      expect(Object.keys(await cachedPaths(page)).sort()).toEqual([`handover-${id}`, `handover-${next}`].sort())
      await page.screenshot({ path: `${SHOTS}/update-prompt.png` })

      const reloaded = page.waitForEvent('load')
      await prompt.getByRole('button', { name: 'Reload' }).click()
      await reloaded
      // the router's content (the prompt's place), not only the toasts' region that comes before it
      await page.locator('#main').first().waitFor()
      expect(await page.getByTestId('update-prompt').count()).toBe(0)
      expect(Object.keys(await cachedPaths(page))).toEqual([`handover-${next}`])
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated')
    } finally {
      writeFileSync(join(webRoot, 'sw.js'), worker)
      await context.close()
    }
  })

  it('is stamped by the build, served fresh on every check, and named by build.json for the diagnostics', async () => {
    const res = await fetch(`${server.url}/sw.js`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control') ?? '').not.toContain('immutable')
    const { id, shell } = workerBuild()
    expect(id).toMatch(/^[0-9a-f]{16}$/)
    expect(shell[0]).toBe('/index.html')
    expect(shell.some((path) => /^\/assets\/index-.+\.js$/.test(path))).toBe(true)
    expect(await (await fetch(`${server.url}/build.json`)).json()).toEqual({ id })
  })
})
