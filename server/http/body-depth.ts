import type { Middleware } from 'koa'
import { badRequest } from './errors'

/** No request of the API nests deeper than a few levels; 32 leaves room and keeps any recursive walk far from the stack's end. */
export const MAX_BODY_DEPTH = 32

export const DEPTH_MESSAGE = `The request body is nested too deeply (more than ${MAX_BODY_DEPTH} levels).`

/**
 * Whether a parsed value nests arrays and objects more than `max` levels deep (`[[1]]` is two). Iterative, and
 * stops at the first branch past the bound: the body may be nested 200,000 deep.
 */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]]
  while (stack.length) {
    const [item, depth] = stack.pop()!
    if (!item || typeof item !== 'object') continue
    if (depth + 1 > max) return true
    for (const child of Object.values(item)) stack.push([child, depth + 1])
  }
  return false
}

/**
 * Right after the body parser, for every route: a body deeper than MAX_BODY_DEPTH is a 400 before anything walks it
 * (the Idempotency-Key fingerprint, webhook delivery hashes and schemas recurse, and overflowed the stack with a 500).
 */
export function refuseDeepBodies(): Middleware {
  return async (ctx, next) => {
    if (nestedDeeperThan((ctx.request as { body?: unknown }).body, MAX_BODY_DEPTH)) throw badRequest(DEPTH_MESSAGE, 'validation_error')
    return next()
  }
}
