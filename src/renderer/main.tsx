import './styles/globals.css'
import { FALLBACK_CHECK_MS } from '@shared/constants'
import { FATAL_SCREENS, showFatalScreen } from './app/fatal-screen'
import { startApp } from './app/start'
import { registerServiceWorker } from './lib/service-worker'
import { suppressUnhandledErrors } from './lib/unhandled-errors'
import { startTheme } from './lib/theme'

/**
 * Entry point, kept tiny on purpose: the app itself is imported dynamically so that a failure to
 * load or evaluate it can still be reported here instead of leaving a blank page.
 */

// zod probes, as each object schema is defined, whether it may compile parsers with `new Function`. The page's CSP
// forbids eval, and Chromium reports the refused probe as a violation (a console issue; Lighthouse's best practices)
// even though zod catches it. zod reads its settings from this global when it loads, so setting it here, before the
// app and its schemas are imported, holds however the bundler orders the chunks (without this module importing zod).
;(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true }

// public/theme.js has applied the saved theme already; from here on it follows system changes and other tabs
startTheme()

const container = document.getElementById('root')

suppressUnhandledErrors(window)

/** Past this the app starts whether or not the page has painted (a tab opened in the background paints only when shown). */
const PAINT_WAIT_MS = 3_000

/**
 * Resolves once the browser has painted the page's content, as it reports it, so the app's code neither delays that
 * paint nor shares the network with what it needs. Without paint timing, a frame later.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const timer = window.setTimeout(resolve, PAINT_WAIT_MS)
    const done = () => {
      window.clearTimeout(timer)
      window.setTimeout(resolve, 0)
    }
    try {
      const observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return
        observer.disconnect()
        done()
      })
      observer.observe({ type: 'paint', buffered: true })
    } catch {
      requestAnimationFrame(done)
    }
  })
}

/** Resolves in a later task, so the browser may paint and answer a tap in between. */
const nextTask = () => new Promise<void>((resolve) => window.setTimeout(resolve, 0))

/**
 * What the app runs on, fetched together and run one at a time ahead of the app, each in a task of its own with the
 * browser free in between: run with the app in one go they held the main thread for over half a second on a slow
 * phone, on a page that looks ready for a tap. A part that fails to arrive is left to the app's own import, which
 * reports it.
 */
async function runLibrariesApart(): Promise<void> {
  const styles = () => import('./lib/libraries/styles')
  const parts = [
    () => import('./lib/libraries/react'),
    () => import('./lib/libraries/router'),
    () => import('./lib/libraries/query'),
    // the API's schemas the app builds as it loads, a module at a time: building zod schemas is the slowest part of it
    () => import('@shared/api/reviews'),
    () => import('@shared/api/listings'),
    () => import('@shared/api/settings'),
    () => import('@shared/api/notifications'),
    () => import('@shared/api/endpoints/auth'),
    () => import('@shared/api/endpoints/two-factor'),
    () => import('@shared/api/endpoints/account-settings'),
    styles,
  ]
  try {
    // each import is asked for in a task of its own too: starting a module's fetch costs a few milliseconds on a slow
    // phone, which a dozen at once add up to a long task
    const arriving: Promise<unknown>[] = []
    for (const part of parts) {
      arriving.push(part())
      await nextTask()
    }
    for (const part of arriving) {
      await part
      await nextTask()
    }
    ;(await styles()).prepareClassMerging()
    await nextTask()
  } catch {
    // the app's import says what failed
  }
}

function checkSomethingRendered(root: HTMLElement) {
  const check = () => {
    window.setTimeout(() => {
      if (root.childElementCount === 0) showFatalScreen(root, FATAL_SCREENS.loadingIssue)
    }, FALLBACK_CHECK_MS)
  }
  if (document.readyState === 'complete') check()
  else window.addEventListener('load', check, { once: true })
}

if (container) {
  checkSomethingRendered(container)
  registerServiceWorker()
  void startApp({
    container,
    // a page the server rendered is on screen without the app: it is fetched and run once that page has painted
    load: () => (container.firstElementChild ? afterFirstPaint().then(runLibrariesApart) : Promise.resolve()).then(() => import('./app/app')),
    storage: () => window.sessionStorage,
    reload: () => window.location.reload(),
    now: Date.now,
    showFatal: showFatalScreen,
    log: (message, error) => console.error(message, error),
  })
}
