/**
 * The home page's initial JavaScript, gzipped (zlib's default level 6, as a compressing proxy would serve
 * it). Two figures: what index.html names (the entry script and its modulepreloads), and every script
 * Chromium actually loads before the home page is idle, since the entry imports the app dynamically.
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

/** Paths of the same-origin scripts the home page loads until the network is idle. */
async function scriptsLoadedByHome(siteUrl: string): Promise<string[]> {
  const browser = await launchChromium()
  try {
    const page = await browser.newPage()
    const scripts = new Set<string>()
    page.on('request', (req) => {
      const url = new URL(req.url())
      if (req.resourceType() === 'script' && url.origin === new URL(siteUrl).origin) scripts.add(url.pathname)
    })
    await page.goto(siteUrl, { waitUntil: 'networkidle' })
    return [...scripts]
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
    const loaded = await scriptsLoadedByHome(url)
    console.log('home page, initial JavaScript:\n')
    console.log(`| what | files | KiB | KiB gzip | aim ≤ ${AIM_INITIAL_JS_KIB} KiB gzip |`)
    console.log('| --- | ---: | ---: | ---: | --- |')
    for (const [what, files] of [
      ['entry + modulepreload in index.html', named],
      ['scripts Chromium loads until home is idle', loaded],
    ] as const) {
      const size = sizes(files)
      console.log(`| ${what} | ${files.length} | ${kib(size.raw)} | ${kib(size.gzip)} | ${size.gzip / 1024 <= AIM_INITIAL_JS_KIB ? 'met' : '**not met**'} |`)
    }
    console.log('')
  })
}
