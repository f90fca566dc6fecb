/**
 * The home page's initial JavaScript, gzipped (zlib's default level 6, as a compressing proxy would serve
 * it). Two figures: what index.html names (the entry script and its modulepreloads), and every script
 * Chromium actually loads before the home page is idle, since the entry imports the app dynamically; the
 * prefetch of the next pages that follows is reported on its own line.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { launchChromium } from '../support/browser'
import { WEB_ROOT, withDemoSite } from './demo-site'

export const AIM_INITIAL_JS_KIB = 200

/** src of module scripts and href of modulepreload links, in document order. */
export function initialScripts(html: string): string[] {
  const urls: string[] = []
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1]
    if (/^<script/i.test(tag) && attr('type') === 'module' && attr('src')) urls.push(attr('src')!)
    if (/^<link/i.test(tag) && attr('rel') === 'modulepreload' && attr('href')) urls.push(attr('href')!)
  }
  return [...new Set(urls)]
}

/** Long enough after the network went idle for home's prefetch of the next pages (2 s after idle) to have run. */
const PREFETCH_WAIT_MS = 4_000

/**
 * Paths of the same-origin scripts the home page loads until the network is idle, and those it fetches after
 * that (its prefetch of the likely next pages, SPEC §2), reported apart so neither hides in the other.
 */
async function scriptsLoadedByHome(siteUrl: string): Promise<{ initial: string[]; prefetched: string[] }> {
  const browser = await launchChromium()
  try {
    const page = await browser.newPage()
    const scripts = new Set<string>()
    page.on('request', (req) => {
      const url = new URL(req.url())
      if (req.resourceType() === 'script' && url.origin === new URL(siteUrl).origin) scripts.add(url.pathname)
    })
    // idle once home is on screen: on a busy machine the framework's parse alone can outlast networkidle's 500 ms
    // of quiet, which would end the count before the home page's own chunk was asked for
    await page.goto(siteUrl)
    await page.locator('main h1').waitFor()
    await page.waitForLoadState('networkidle')
    const initial = [...scripts]
    await page.waitForTimeout(PREFETCH_WAIT_MS)
    return { initial, prefetched: [...scripts].filter((script) => !initial.includes(script)) }
  } finally {
    await browser.close()
  }
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1)

function sizes(files: string[]): { raw: number; gzip: number } {
  let raw = 0
  let gzip = 0
  for (const file of files) {
    const body = readFileSync(join(WEB_ROOT, file.replace(/^\//, '')))
    raw += body.length
    gzip += gzipSync(body).length
  }
  return { raw, gzip }
}

export async function bundleSizeReport(): Promise<void> {
  await withDemoSite(async (url) => {
    const named = initialScripts(readFileSync(join(WEB_ROOT, 'index.html'), 'utf8'))
    const { initial: loaded, prefetched } = await scriptsLoadedByHome(url)
    console.log('home page, initial JavaScript:\n')
    console.log(`| what | files | KiB | KiB gzip | aim ≤ ${AIM_INITIAL_JS_KIB} KiB gzip |`)
    console.log('| --- | ---: | ---: | ---: | --- |')
    for (const [what, files] of [
      ['entry + modulepreload in index.html', named],
      ['scripts Chromium loads until home is idle', loaded],
    ] as const) {
      const size = sizes(files)
      console.log(
        `| ${what} | ${files.length} | ${kib(size.raw)} | ${kib(size.gzip)} | ${size.gzip / 1024 <= AIM_INITIAL_JS_KIB ? 'met' : '**not met**'} |`,
      )
    }
    const ahead = sizes(prefetched)
    console.log(
      `| then prefetched for the next pages (sign-in; chat when signed in) | ${prefetched.length} | ${kib(ahead.raw)} | ${kib(ahead.gzip)} | — |`,
    )
    console.log('')
    // the biggest pieces, to see what to move out of the first load when the aim is at risk
    const rows = loaded.map((file) => ({
      file: file.replace(/^\/assets\//, ''),
      gzip: gzipSync(readFileSync(join(WEB_ROOT, file.replace(/^\//, '')))).length,
    }))
    console.log('| largest of those scripts | KiB gzip |')
    console.log('| --- | ---: |')
    for (const row of rows.sort((a, b) => b.gzip - a.gzip).slice(0, 40)) console.log(`| ${row.file} | ${kib(row.gzip)} |`)
    console.log('')
  })
}
