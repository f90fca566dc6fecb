/**
 * Lighthouse 12, desktop preset (simulated throttling of a fast desktop connection), for the home page and
 * one listing page, served by the real server with the demo catalogue on a fresh database.
 */
import { existsSync } from 'node:fs'
import { launch } from 'chrome-launcher'
import lighthouse, { desktopConfig } from 'lighthouse'
import { withDemoSite } from './demo-site'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic']
export const AIM_PERFORMANCE = 90
export const AIM_ACCESSIBILITY = 95

interface Scores {
  performance: number | null
  accessibility: number | null
  error?: string
}

async function audit(url: string, port: number): Promise<Scores> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] }, desktopConfig)
  const lhr = result?.lhr
  if (!lhr) return { performance: null, accessibility: null, error: 'no report' }
  const score = (id: string) => {
    const value = lhr.categories[id]?.score
    return value === null || value === undefined ? null : Math.round(value * 100)
  }
  return { performance: score('performance'), accessibility: score('accessibility'), error: lhr.runtimeError?.message }
}

const shown = (score: number | null, aim: number) => (score === null ? 'n/a' : `${score}${score >= aim ? '' : ' (below aim)'}`)

async function auditPages(siteUrl: string, port: number) {
  const [first] = (await (await fetch(`${siteUrl}/api/accounts?pageSize=1`)).json()) as { id: number }[]
  const pages = [
    ['home', `${siteUrl}/`],
    ['listing', `${siteUrl}/listing/${first?.id ?? 1}`],
  ] as const
  console.log('lighthouse 12, desktop preset, headless Chromium, demo catalogue:\n')
  console.log(`| page | performance (aim ≥ ${AIM_PERFORMANCE}) | accessibility (aim ≥ ${AIM_ACCESSIBILITY}) | note |`)
  console.log('| --- | ---: | ---: | --- |')
  for (const [name, url] of pages) {
    const scores = await audit(url, port).catch((err: unknown): Scores => ({ performance: null, accessibility: null, error: String(err) }))
    console.log(`| ${name} | ${shown(scores.performance, AIM_PERFORMANCE)} | ${shown(scores.accessibility, AIM_ACCESSIBILITY)} | ${scores.error ?? ''} |`)
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
