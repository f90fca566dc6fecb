let hydrating = false
let afterHydration: (() => void)[] = []
let fallbackTimer: number | undefined

/** Past this, what waits for hydration goes ahead anyway: a page that failed to hydrate must not hold it for ever. */
export const HYDRATION_WAIT_MS = 5_000

/**
 * The app is about to hydrate a page the server rendered (mountApp); `then` runs once that page is the app's, in a
 * task of its own.
 */
export function startHydrating(then: () => void): void {
  hydrating = true
  afterHydration.push(then)
  window.clearTimeout(fallbackTimer)
  fallbackTimer = window.setTimeout(hydrationDone, HYDRATION_WAIT_MS)
}

/** The page the server rendered is the app's now (PageShown, once the first page has hydrated). */
export function hydrationDone(): void {
  if (!hydrating) return
  hydrating = false
  window.clearTimeout(fallbackTimer)
  const waiting = afterHydration
  afterHydration = []
  // called while React commits the page: what waits starts after that, not inside it
  window.setTimeout(() => waiting.forEach((run) => run()), 0)
}

/**
 * Whether a page the server rendered is still being hydrated. A query's answer changes the page through a store,
 * which React renders at once, so an answer arriving mid-hydration makes React finish hydrating in one long task:
 * queries that can wait (who is signed in) are not asked until then. Read when a query decides whether to fetch, it
 * re-renders nothing when it changes.
 */
export function isHydrating(): boolean {
  return hydrating
}
