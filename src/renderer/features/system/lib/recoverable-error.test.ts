import { describe, expect, it } from 'vitest'
import { isQuietError, isRecoverableError } from './recoverable-error'

describe('isRecoverableError', () => {
  it.each([
    Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' }),
    new Error('Loading CSS chunk 7 failed'),
    new TypeError('Failed to fetch dynamically imported module: https://x/assets/home.js'),
    new TypeError('error loading dynamically imported module'),
    new TypeError('Importing a module script failed.'),
    new TypeError('Failed to fetch'),
    new Error('NetworkError when attempting to fetch resource.'),
    new Error('Network Error'),
  ])('treats "%s" as recoverable', (error) => {
    expect(isRecoverableError(error)).toBe(true)
  })

  it.each([new TypeError("Cannot read properties of undefined (reading 'id')"), new Error('Invariant failed'), null, undefined, 42])(
    'treats %s as not recoverable',
    (error) => {
      expect(isRecoverableError(error)).toBe(false)
    },
  )
})

describe('isQuietError', () => {
  it('keeps unauthorised and unreachable-server errors quiet', () => {
    expect(isQuietError({ status: 401 })).toBe(true)
    expect(isQuietError(new Error('Unable to connect to server'))).toBe(true)
    expect(isQuietError(new Error('Something else'))).toBe(false)
  })
})
