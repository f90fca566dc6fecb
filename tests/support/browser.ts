import { chromium, type Browser, type BrowserContext, type Page, type Response } from 'playwright-core'

/** What Chromium refused under the pages' Content-Security-Policy since the last take, across every browser. */
const policyViolations: string[] = []

/** Empties and returns the violations seen so far (the e2e setup fails the running test on any). */
export function takePolicyViolations(): string[] {
  return policyViolations.splice(0)
}

/**
 * The page hears of every refusal as a `securitypolicyviolation` event and tells the console with this prefix:
 * Chromium logs a refused load or inline code itself, but not an eval refused inside a `try` (a library probing
 * whether it may compile code), which the event still reports.
 */
const VIOLATION_PREFIX = 'Content Security Policy violation event:'
const REPORT_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (e) =>
  console.error(${JSON.stringify(VIOLATION_PREFIX)} + ' ' + e.violatedDirective + ' refused ' + (e.blockedURI || 'inline code') + ' in ' + (e.sourceFile || 'the page') + ':' + e.lineNumber))`

/** Chromium reports each load or inline code its page's CSP refused as a console error saying so; the page's event, each refusal. */
async function watchPolicyViolations(context: BrowserContext): Promise<void> {
  context.on('console', (message) => {
    const text = message.text()
    if (message.type() === 'error' && text.includes('Content Security Policy')) policyViolations.push(`${message.page()?.url() ?? '?'}: ${text}`)
  })
  await context.addInitScript(REPORT_VIOLATIONS)
}

/** How long a loaded page may take to hydrate before the test goes on regardless (and finds out what it finds). */
const HYDRATION_WAIT_MS = 15_000

/**
 * A page the server rendered is on screen before the app has taken it over, and a click or a keystroke in that moment
 * does nothing, which a person would not manage but a test does every time. So a page's `goto` and `reload`, once the
 * page has loaded, also wait for its root to stop being busy (the app hydrated it); one asked to wait for less (say
 * `domcontentloaded`) does not.
 */
function waitForHydration(page: Page): void {
  for (const method of ['goto', 'reload'] as const) {
    const navigate = page[method].bind(page) as (...args: unknown[]) => Promise<Response | null>
    page[method] = (async (...args: unknown[]) => {
      const response = await navigate(...args)
      const options = args.find((arg): arg is { waitUntil?: string } => typeof arg === 'object' && arg !== null)
      if (!options?.waitUntil || options.waitUntil === 'load' || options.waitUntil === 'networkidle') {
        // in the document then on screen, loaded and hydrated: a page that reloads itself has none for a moment
        await page
          .waitForFunction(() => document.readyState === 'complete' && !document.querySelector('#root[aria-busy="true"]'), undefined, {
            timeout: HYDRATION_WAIT_MS,
          })
          .catch(() => undefined)
      }
      return response
    }) as never
  }
}

/** Debian's Chromium; Playwright's own browser download cannot work on these machines. */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  // every context (browser.newPage makes one through newContext too) reports what the CSP refused
  const newContext = browser.newContext.bind(browser)
  browser.newContext = async (options) => {
    const context = await newContext(options)
    await watchPolicyViolations(context)
    context.on('page', waitForHydration)
    return context
  }
  return browser
}
