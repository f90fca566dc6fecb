/**
 * Can the server be reached? Asked before the app's page is handed out, so a server that is down shows the
 * offline screen instead of an app that fails request by request. Uses the server's health check, which
 * also answers 503 when its database is gone: the app could do nothing useful then either.
 */

export type ProbeFetch = (url: string, init: { signal: AbortSignal }) => Promise<{ ok: boolean }>

export interface ServerProbe {
  isReachable(serverOrigin: string): Promise<boolean>
}

export interface ProbeOptions {
  /** How long the health check may take; a server that slow is as good as down for the user. */
  timeoutMs?: number
  /** How long a success is trusted, so a burst of page loads costs one check. */
  cacheMs?: number
  now?: () => number
}

export const PROBE_TIMEOUT_MS = 4000
export const PROBE_CACHE_MS = 5000

export function createServerProbe(
  fetch: ProbeFetch,
  { timeoutMs = PROBE_TIMEOUT_MS, cacheMs = PROBE_CACHE_MS, now = Date.now }: ProbeOptions = {},
): ServerProbe {
  let reachable: { origin: string; until: number } | undefined
  const inFlight = new Map<string, Promise<boolean>>()

  async function check(serverOrigin: string): Promise<boolean> {
    const controller = new AbortController()
    let timer: ReturnType<typeof setTimeout> | undefined
    // Raced as well as aborted: a stalled connection must not hold the page even if the abort goes unheard.
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(() => {
        controller.abort()
        resolve(false)
      }, timeoutMs)
    })
    const answered = fetch(new URL('/healthz', serverOrigin).href, { signal: controller.signal }).then(
      (response) => response.ok,
      () => false,
    )
    try {
      return await Promise.race([answered, timedOut])
    } finally {
      clearTimeout(timer)
    }
  }

  return {
    isReachable(serverOrigin) {
      if (reachable?.origin === serverOrigin && now() < reachable.until) return Promise.resolve(true)
      const pending = inFlight.get(serverOrigin)
      if (pending) return pending
      const probe = check(serverOrigin).then((ok) => {
        inFlight.delete(serverOrigin)
        // Failures are never remembered: Retry on the offline screen must ask the server again.
        if (ok) reachable = { origin: serverOrigin, until: now() + cacheMs }
        return ok
      })
      inFlight.set(serverOrigin, probe)
      return probe
    },
  }
}
