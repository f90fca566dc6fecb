import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { TRANSACTION_MESSAGES } from '@shared/api/transactions'
import type { AppContext } from './context'
import { HttpError } from './errors'
import { idempotencyOf } from './idempotency'

const request = (method: string, path: string, body: unknown, key?: string | string[]) =>
  ({ method, path, request: { body }, headers: key === undefined ? {} : { 'idempotency-key': key } }) as unknown as AppContext

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

describe('an Idempotency-Key', () => {
  it.each([
    ['absent', undefined, undefined],
    ['one visible character', '!', '!'],
    ['a UUID', '0b6a3f0e-5d1c-4c55-9a3e-2f1f4b7b8c9d', '0b6a3f0e-5d1c-4c55-9a3e-2f1f4b7b8c9d'],
    ['200 characters', 'k'.repeat(200), 'k'.repeat(200)],
    ['every printable ASCII character', '!~azAZ09{}[]"\\', '!~azAZ09{}[]"\\'],
  ])('%s is taken as it is', (_, header, key) => {
    expect(idempotencyOf(request('POST', '/api/transactions', {}, header), 3)).toMatchObject({ userId: 3, key })
  })

  it.each([
    ['empty', ''],
    ['201 characters', 'k'.repeat(201)],
    ['with a space', 'a b'],
    ['with a control character', 'a\tb'],
    ['with DEL', 'a\u007fb'],
    ['not ASCII', 'clé'],
    ['a line break after a valid key', 'abc\n'],
    ['repeated (a list of headers)', ['a', 'b']],
  ])('%s is a 400, never taken for no key', (_, header) => {
    let refused: unknown
    try {
      idempotencyOf(request('POST', '/api/transactions', {}, header), 3)
    } catch (error) {
      refused = error
    }
    expect(refused).toBeInstanceOf(HttpError)
    expect(refused).toMatchObject({ status: 400, code: 'validation_error', message: TRANSACTION_MESSAGES.idempotencyInvalid })
  })
})

describe('a request fingerprint', () => {
  const fingerprint = (method: string, path: string, body: unknown) => idempotencyOf(request(method, path, body, 'key'), 1).fingerprint

  it('hashes the method, the path and the body in canonical form', () => {
    expect(fingerprint('POST', '/api/transactions', { b: 2, a: 1 })).toBe(sha256('POST /api/transactions\n{"a":1,"b":2}'))
    expect(fingerprint('POST', '/api/transactions', undefined)).toBe(fingerprint('POST', '/api/transactions', undefined))
  })

  it('is the same for the same request however its keys are ordered, and differs when any part differs', () => {
    const first = fingerprint('POST', '/api/transactions/5/pay', { amount: 5, note: 'x' })
    expect(fingerprint('POST', '/api/transactions/5/pay', { note: 'x', amount: 5 })).toBe(first)
    expect(fingerprint('PUT', '/api/transactions/5/pay', { amount: 5, note: 'x' })).not.toBe(first)
    expect(fingerprint('POST', '/api/transactions/6/pay', { amount: 5, note: 'x' })).not.toBe(first)
    expect(fingerprint('POST', '/api/transactions/5/pay', { amount: 6, note: 'x' })).not.toBe(first)
  })
})
