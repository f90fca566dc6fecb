/**
 * Lighthouse 12, mobile preset (the default: simulated slow 4G and a 4x CPU slowdown) then desktop preset (simulated
 * fast connection, no CPU slowdown), for the home page, a listing, a platform landing page, the catalogue filtered from
 * the URL and a blog post, served by the real server with the demo data on a fresh database. Each page runs
 * LIGHTHOUSE_RUNS times (3 by default) per preset, and every figure is the median of its runs, as one run's performance
 * swings by several points: the four category scores and the Web Vitals Lighthouse measures (LCP, TBT, CLS, FCP), each
 * against its aim.
 */
import { existsSync } from 'node:fs'
import { launch } from 'chrome-launcher'
import lighthouse, { desktopConfig, type Config, type Result } from 'lighthouse'
import { withDemoSite } from './demo-site'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic']
const DEFAULT_RUNS = 3

const PRESETS = [
  // no config: Lighthouse's default, which is the mobile one
  { name: 'mobile', description: 'mobile preset (default: simulated slow 4G, 4x CPU slowdown)', config: undefined },
  { name: 'desktop', description: 'desktop preset (simulated 10 Mbps, 40 ms RTT, no CPU slowdown)', config: desktopConfig },
] as const satisfies readonly { name: string; description: string; config: Config | undefined }[]

type Preset = (typeof PRESETS)[number]
type PresetName = Preset['name']

const CATEGORY_IDS = ['performance', 'accessibility', 'best-practices', 'seo']

interface Column {
  label: string
  /** One run's figure, or null when Lighthouse has none. */
  read: (lhr: Result) => number | null
  shown: (value: number) => string
  /** Per preset; a score aims at or above it, a timing or a shift at or below. */
  aims: Partial<Record<PresetName, number>>
  lowerIsBetter?: boolean
}

/** Whole points per run, as Lighthouse shows them; a median of an even count may land on a half. */
const category =
  (id: string) =>
  (lhr: Result): number | null => {
    const score = lhr.categories[id]?.score
    return score === null || score === undefined ? null : Math.round(score * 100)
  }
const measured = (auditId: string) => (lhr: Result) => lhr.audits[auditId]?.numericValue ?? null

const points = (value: number) => String(Math.round(value * 10) / 10)
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const millis = (ms: number) => `${Math.round(ms)} ms`

const COLUMNS: readonly Column[] = [
  { label: 'performance', read: category('performance'), shown: points, aims: { mobile: 90, desktop: 95 } },
  { label: 'accessibility', read: category('accessibility'), shown: points, aims: { mobile: 100, desktop: 100 } },
  { label: 'best practices', read: category('best-practices'), shown: points, aims: { mobile: 95, desktop: 95 } },
  { label: 'SEO', read: category('seo'), shown: points, aims: { mobile: 100, desktop: 100 } },
  { label: 'LCP', read: measured('largest-contentful-paint'), shown: seconds, aims: { mobile: 2500 }, lowerIsBetter: true },
  { label: 'TBT', read: measured('total-blocking-time'), shown: millis, aims: { mobile: 200 }, lowerIsBetter: true },
  { label: 'CLS', read: measured('cumulative-layout-shift'), shown: (value) => value.toFixed(2), aims: { mobile: 0.1 }, lowerIsBetter: true },
  { label: 'FCP', read: measured('first-contentful-paint'), shown: seconds, aims: {} },
]

interface Run {
  /** In the order of COLUMNS. */
  values: (number | null)[]
  /** Audits outside performance that cost points. */
  misses: string[]
  errors: string[]
}

const failed = (error: string): Run => ({ values: COLUMNS.map(() => null), misses: [], errors: [error] })

function runsPerPage(): number {
  const asked = process.env.LIGHTHOUSE_RUNS
  if (asked === undefined || asked === '') return DEFAULT_RUNS
  const runs = Number(asked)
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`LIGHTHOUSE_RUNS must be a whole number of at least 1, not ${asked}`)
  return runs
}

/** The middle value, or the mean of the two middle ones; null when no run measured it. */
function median(values: readonly number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

async function audit(url: string, port: number, preset: Preset): Promise<Run> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORY_IDS }, preset.config)
  const lhr = result?.lhr
  if (!lhr) return failed('no report')
  // what cost points outside performance, so a miss says where to look
  const misses = Object.values(lhr.categories)
    .filter((category) => category.id !== 'performance')
    .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id))
  const errors = lhr.runtimeError ? [lhr.runtimeError.message] : []
  return { values: COLUMNS.map((column) => column.read(lhr)), misses, errors }
}

function shown(column: Column, value: number | null, aim: number | undefined): string {
  if (value === null) return 'n/a'
  if (aim === undefined) return column.shown(value)
  if (column.lowerIsBetter) return `${column.shown(value)}${value <= aim ? '' : ' (above aim)'}`
  return `${column.shown(value)}${value >= aim ? '' : ' (below aim)'}`
}

function heading(column: Column, preset: Preset): string {
  const aim = column.aims[preset.name]
  if (aim === undefined) return column.label
  return `${column.label} (aim ${column.lowerIsBetter ? '≤' : '≥'} ${column.shown(aim)})`
}

/** One table row: each column's median over the runs, then every error and miss of any run. */
function row(name: string, runs: readonly Run[], preset: Preset): string {
  const cells = COLUMNS.map((column, i) => {
    const values = runs.map((run) => run.values[i]).filter((value): value is number => value !== null)
    return shown(column, median(values), column.aims[preset.name])
  })
  const errors = new Set(runs.flatMap((run) => run.errors))
  const misses = new Set(runs.flatMap((run) => run.misses))
  const note = [...errors, misses.size > 0 ? `missed: ${[...misses].join(', ')}` : ''].filter(Boolean).join('; ')
  return `| ${name} | ${cells.join(' | ')} | ${note} |`
}

async function pagesOf(siteUrl: string): Promise<(readonly [string, string])[]> {
  const [listing] = (await (await fetch(`${siteUrl}/api/accounts?pageSize=1`)).json()) as { id: number }[]
  // strict query: the list takes only `page`
  const [post] = (await (await fetch(`${siteUrl}/api/blog`)).json()) as { id: number }[]
  return [
    ['home', `${siteUrl}/`],
    ['listing', `${siteUrl}/listing/${listing?.id ?? 1}`],
    ['landing (YouTube)', `${siteUrl}/buy-youtube-accounts`],
    // the grid reads its filter and order from the URL (url-state.ts), as a shared link or a landing page's link does
    ['catalogue (YouTube, cheapest first)', `${siteUrl}/?platform=youtube&sort=price-low`],
    ['blog post', `${siteUrl}/blog/${post?.id ?? 1}`],
  ]
}

async function auditPreset(pages: readonly (readonly [string, string])[], port: number, preset: Preset, runs: number) {
  const over = runs === 1 ? 'one run' : `median of ${runs} runs`
  console.log(`lighthouse 12, ${preset.description}, ${over}, headless Chromium, demo data:\n`)
  console.log(`| page | ${COLUMNS.map((column) => heading(column, preset)).join(' | ')} | note |`)
  console.log(`| --- | ${COLUMNS.map(() => '---:').join(' | ')} | --- |`)
  for (const [name, url] of pages) {
    const results: Run[] = []
    for (let i = 0; i < runs; i++) {
      results.push(await audit(url, port, preset).catch((err: unknown) => failed(String(err))))
    }
    console.log(row(name, results, preset))
  }
  console.log('')
}

export async function lighthouseReport(): Promise<void> {
  const runs = runsPerPage()
  if (!existsSync(CHROMIUM)) {
    console.log(`lighthouse: skipped, no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)\n`)
    return
  }
  await withDemoSite(async (siteUrl) => {
    const pages = await pagesOf(siteUrl)
    // one browser for every run: Lighthouse opens a fresh tab for each, emulates the preset's device in it and clears
    // the site's storage and the browser's cache first, so no run inherits another's cache or form factor
    const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'error' })
    try {
      for (const preset of PRESETS) await auditPreset(pages, chrome.port, preset, runs)
    } finally {
      chrome.kill()
    }
  })
}
