import type { DiagnosticStatus } from '@shared/api/diagnostics'

export interface CheckOutcome {
  status: DiagnosticStatus
  message: string
  latencyMs: number
}

export interface CheckLimits {
  /** past this the check counts as down and the endpoint answers without it */
  timeoutMs: number
  /** an answer slower than this is degraded */
  slowMs: number
}

export const CHECK_LIMITS: CheckLimits = { timeoutMs: 3_000, slowMs: 1_000 }

/** A check resolves with what it found; throwing means the component cannot be used. */
export type Check = (signal: AbortSignal) => Promise<string>

const elapsed = (since: number) => Math.round((performance.now() - since) * 10) / 10

/**
 * Runs one check against a deadline, so the diagnostic endpoint never hangs on a component that does not answer:
 * a throw or no answer in time is down, a slow answer degraded. The signal is aborted at the deadline for checks
 * that can cancel their request (fetch).
 */
export async function runCheck(check: Check, limits: CheckLimits = CHECK_LIMITS): Promise<CheckOutcome> {
  const controller = new AbortController()
  const started = performance.now()
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort()
      reject(new Error(`No answer within ${limits.timeoutMs} ms`))
    }, limits.timeoutMs)
  })
  try {
    const message = await Promise.race([check(controller.signal), deadline])
    const latencyMs = elapsed(started)
    if (latencyMs > limits.slowMs) return { status: 'degraded', message: `${message} (slow: over ${limits.slowMs} ms)`, latencyMs }
    return { status: 'ok', message, latencyMs }
  } catch (err) {
    return { status: 'down', message: err instanceof Error && err.message ? err.message : String(err), latencyMs: elapsed(started) }
  } finally {
    clearTimeout(timer)
  }
}

/** The worst of several statuses: down beats degraded beats ok. */
export function worstStatus(statuses: DiagnosticStatus[]): DiagnosticStatus {
  if (statuses.includes('down')) return 'down'
  if (statuses.includes('degraded')) return 'degraded'
  return 'ok'
}
