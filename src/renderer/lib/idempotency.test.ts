import { describe, expect, it } from 'vitest'
import { STEP_ENDPOINTS } from '@shared/api/endpoints/transactions'
import { apiUrl } from './api'
import { createActionKeys, idempotencyHeaders, IDEMPOTENCY_HEADER, requestScope } from './idempotency'

const dispute = apiUrl(STEP_ENDPOINTS.dispute, { params: { id: 7 } })

describe('idempotency keys per user action', () => {
  it('keeps one key for the same request until the action settles, then starts a new one', () => {
    let n = 0
    const keys = createActionKeys(() => `k${++n}`)
    const pay = requestScope('POST', apiUrl(STEP_ENDPOINTS.pay, { params: { id: 7 } }))
    expect(keys.keyFor(pay)).toBe('k1')
    // a double click or a retry after an error: the same key, so the server moves money once
    expect(keys.keyFor(pay)).toBe('k1')
    keys.settle(pay)
    expect(keys.keyFor(pay)).toBe('k2')
  })

  it('gives a different request (another path or body) its own key, as the server fingerprints them', () => {
    let n = 0
    const keys = createActionKeys(() => `k${++n}`)
    const first = idempotencyHeaders(keys, 'POST', dispute, { reason: 'The seller vanished' })
    const edited = idempotencyHeaders(keys, 'POST', dispute, { reason: 'The seller vanished completely' })
    expect(first[IDEMPOTENCY_HEADER]).toBe('k1')
    expect(edited[IDEMPOTENCY_HEADER]).toBe('k2')
    expect(idempotencyHeaders(keys, 'POST', dispute, { reason: 'The seller vanished' })[IDEMPOTENCY_HEADER]).toBe('k1')
    keys.settle()
    expect(idempotencyHeaders(keys, 'POST', dispute, { reason: 'The seller vanished' })[IDEMPOTENCY_HEADER]).toBe('k3')
  })

  it('makes random UUIDs by default, which the server accepts (1 to 200 visible characters)', () => {
    const key = createActionKeys().keyFor('x')
    expect(key).toMatch(/^[0-9a-f-]{36}$/)
  })
})
