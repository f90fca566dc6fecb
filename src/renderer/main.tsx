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
    load: () => import('./app/app'),
    storage: () => window.sessionStorage,
    reload: () => window.location.reload(),
    now: Date.now,
    showFatal: showFatalScreen,
    log: (message, error) => console.error(message, error),
  })
}
