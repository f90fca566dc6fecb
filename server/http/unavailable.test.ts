import { describe, expect, it } from 'vitest'
import { HttpError } from './errors'
import { unavailableError, unreachableDependency } from './unavailable'

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code })

describe('unreachableDependency', () => {
  it('recognises a database that is restarting, cut off or out of connections', () => {
    expect(unreachableDependency(new Error('Connection terminated unexpectedly'))).toBe('database')
    expect(unreachableDependency(withCode('terminating connection due to administrator command', '57P01'))).toBe('database')
    expect(unreachableDependency(withCode('the database system is starting up', '57P03'))).toBe('database')
    expect(unreachableDependency(Object.assign(new Error('Knex: Timeout acquiring a connection.'), { name: 'KnexTimeoutError' }))).toBe('database')
    expect(unreachableDependency(new Error('Transaction query already complete, run with DEBUG=knex:tx for more info'))).toBe('database')
  })

  it('recognises Redis commands that found no connection, and refused connections of any service', () => {
    expect(unreachableDependency(Object.assign(new Error('Reached the max retries per request limit'), { name: 'MaxRetriesPerRequestError' }))).toBe(
      'redis',
    )
    expect(unreachableDependency(new Error("Stream isn't writeable and enableOfflineQueue options is false"))).toBe('redis')
    expect(unreachableDependency(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe('network')
    // fetch wraps the refusal
    expect(unreachableDependency(new TypeError('fetch failed', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') }))).toBe('network')
  })

  it('leaves every other failure a real error', () => {
    expect(unreachableDependency(new Error('boom'))).toBeNull()
    expect(unreachableDependency(withCode('duplicate key value violates unique constraint', '23505'))).toBeNull()
    expect(unreachableDependency(withCode('syntax error at or near', '42601'))).toBeNull()
    expect(unreachableDependency(undefined)).toBeNull()
  })
})

describe('unavailableError', () => {
  it('is a 503 with a message and Retry-After', () => {
    const err = unavailableError(new Error('Connection terminated unexpectedly'))
    expect(err).toBeInstanceOf(HttpError)
    expect(err).toMatchObject({ status: 503, code: 'unavailable', headers: { 'Retry-After': '5' } })
    expect(err?.message).toMatch(/database cannot be reached/)
    expect(unavailableError(new Error('boom'))).toBeNull()
  })
})
