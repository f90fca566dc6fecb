import { describe, expect, it } from 'vitest'
import { runCheck, worstStatus } from './run-check'

describe('runCheck', () => {
  it('is ok with what the check found and how long it took', async () => {
    const outcome = await runCheck(async () => 'answered', { timeoutMs: 1_000, slowMs: Number.POSITIVE_INFINITY })
    expect(outcome).toEqual({ status: 'ok', message: 'answered', latencyMs: expect.any(Number) })
    expect(outcome.latencyMs).toBeGreaterThanOrEqual(0)
  })

  it('is degraded when the answer comes later than the slow threshold', async () => {
    const outcome = await runCheck(async () => 'answered', { timeoutMs: 1_000, slowMs: -1 })
    expect(outcome).toMatchObject({ status: 'degraded', message: 'answered (slow: over -1 ms)' })
  })

  it('is down with the error when the check throws', async () => {
    const outcome = await runCheck(async () => {
      throw new Error('connection refused')
    })
    expect(outcome).toMatchObject({ status: 'down', message: 'connection refused' })
  })

  it('gives up at the deadline and aborts the check’s signal, so a silent component cannot hang the endpoint', async () => {
    let seen: AbortSignal | undefined
    const outcome = await runCheck(
      (signal) => {
        seen = signal
        return new Promise<string>(() => {})
      },
      { timeoutMs: 20, slowMs: 10 },
    )
    expect(outcome).toMatchObject({ status: 'down', message: 'No answer within 20 ms' })
    expect(seen?.aborted).toBe(true)
  })
})

describe('worstStatus', () => {
  it('lets down beat degraded beat ok', () => {
    expect(worstStatus(['ok', 'ok'])).toBe('ok')
    expect(worstStatus(['ok', 'degraded'])).toBe('degraded')
    expect(worstStatus(['degraded', 'down', 'ok'])).toBe('down')
    expect(worstStatus([])).toBe('ok')
  })
})
