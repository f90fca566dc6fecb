import { useSyncExternalStore } from 'react'

let hydrating = false
const hydrationListeners = new Set<() => void>()

/** Past this, what waits for hydration goes ahead anyway: a page that failed to hydrate must not hold it for ever. */
export const HYDRATION_WAIT_MS = 5_000

/** The app is about to hydrate a page the server rendered (mountApp). */
export function startHydrating(): void {
  hydrating = true
  window.setTimeout(hydrationDone, HYDRATION_WAIT_MS)
}

/** The page the server rendered is the app's now (PageShown, once the first page has hydrated). */
export function hydrationDone(): void {
  if (!hydrating) return
  hydrating = false
  hydrationListeners.forEach((listener) => listener())
}

const subscribeToHydration = (listener: () => void) => {
  hydrationListeners.add(listener)
  return () => hydrationListeners.delete(listener)
}
const isHydrating = () => hydrating

/**
 * Whether a page the server rendered is still being hydrated. A query's answer (or its fetching state) changes the
 * page through a store, which React renders at once, so an answer arriving mid-hydration would make React finish
 * hydrating in one long task: queries that can wait (who is signed in) wait for this.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(subscribeToHydration, isHydrating, isHydrating)
}
