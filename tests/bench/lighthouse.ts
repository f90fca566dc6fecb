/**
 * Lighthouse 12, desktop preset (simulated throttling of a fast desktop connection), for the home page, a
 * listing, a platform landing page and a blog post, served by the real server with the demo data on a fresh
 * database: performance, accessibility, best practices and SEO, each against its aim.
 */
import { existsSync } from 'node:fs'
import { launch } from 'chrome-launcher'
import lighthouse, { desktopConfig } from 'lighthouse'
import { withDemoSite } from './demo-site'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic']

export const CATEGORIES = [
  { id: 'performance', label: 'performance', aim: 90 },
  { id: 'accessibility', label: 'accessibility', aim: 95 },
  { id: 'best-practices', label: 'best practices', aim: 95 },
  { id: 'seo', label: 'SEO', aim: 100 },
] as const

type CategoryId = (typeof CATEGORIES)[number]['id']
type Scores = Partial<Record<CategoryId, number | null>> & { error?: string }

async function audit(url: string, port: number): Promise<Scores> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES.map((c) => c.id) }, desktopConfig)
  const lhr = result?.lhr
  if (!lhr) return { error: 'no report' }
  const scores: Scores = { error: lhr.runtimeError?.message }
  for (const { id } of CATEGORIES) {
    const value = lhr.categories[id]?.score
    scores[id] = value === null || value === undefined ? null : Math.round(value * 100)
  }
  // what cost points outside performance, so a miss says where to look
  const misses = Object.values(lhr.categories)
    .filter((category) => category.id !== 'performance')
    .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id))
  if (misses.length > 0) scores.error = [scores.error, `missed: ${misses.join(', ')}`].filter(Boolean).join('; ')
  return scores
}

const shown = (score: number | null | undefined, aim: number) =>
  score === null || score === undefined ? 'n/a' : `${score}${score >= aim ? '' : ' (below aim)'}`

async function auditPages(siteUrl: string, port: number) {
  const [listing] = (await (await fetch(`${siteUrl}/api/accounts?pageSize=1`)).json()) as { id: number }[]
  // strict query: the list takes only `page`
  const [post] = (await (await fetch(`${siteUrl}/api/blog`)).json()) as { id: number }[]
  const pages = [
    ['home', `${siteUrl}/`],
    ['listing', `${siteUrl}/listing/${listing?.id ?? 1}`],
    ['landing (YouTube)', `${siteUrl}/buy-youtube-accounts`],
    ['blog post', `${siteUrl}/blog/${post?.id ?? 1}`],
  ] as const
  console.log('lighthouse 12, desktop preset, headless Chromium, demo data:\n')
  console.log(`| page | ${CATEGORIES.map((c) => `${c.label} (aim ≥ ${c.aim})`).join(' | ')} | note |`)
  console.log(`| --- | ${CATEGORIES.map(() => '---:').join(' | ')} | --- |`)
  for (const [name, url] of pages) {
    const scores = await audit(url, port).catch((err: unknown): Scores => ({ error: String(err) }))
    console.log(`| ${name} | ${CATEGORIES.map((c) => shown(scores[c.id], c.aim)).join(' | ')} | ${scores.error ?? ''} |`)
  }
  console.log('')
}

export async function lighthouseReport(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    console.log(`lighthouse: skipped, no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)\n`)
    return
  }
  await withDemoSite(async (siteUrl) => {
    const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'error' })
    try {
      await auditPages(siteUrl, chrome.port)
    } finally {
      chrome.kill()
    }
  })
}
