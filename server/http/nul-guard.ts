import type { Middleware } from 'koa'
import { badRequest } from './errors'

export const NUL_MESSAGE = 'Text cannot contain NUL characters (\\u0000)'

/** Whether a parsed value holds a NUL in any string or key. Iterative: a JSON body may be nested 100,000 deep. */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value]
  while (stack.length) {
    const item = stack.pop()
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true
    } else if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return true
        stack.push(child)
      }
    }
  }
  return false
}

/**
 * No field of the API means a NUL, and PostgreSQL text cannot hold one: a statement carrying it fails, or is cut short
 * where the driver inlines it. So a request with a NUL in its path, query or JSON body is a 400 before any route reads it.
 */
export function refuseNulCharacters(): Middleware {
  return async (ctx, next) => {
    if (ctx.originalUrl.includes('%00') || containsNul((ctx.request as { body?: unknown }).body)) throw badRequest(NUL_MESSAGE, 'validation_error')
    return next()
  }
}
