import type { Middleware } from 'koa'
import { badRequest } from './errors'

export const NUL_MESSAGE = 'Text cannot contain NUL characters (\\u0000)'
export const SURROGATE_MESSAGE = 'Text cannot contain half of a UTF-16 surrogate pair (\\ud800 to \\udfff alone)'

/** Half of a surrogate pair: a high one not followed by a low one, or a low one not after a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/**
 * Why a parsed value cannot be stored as text, or null: a NUL, or half of a surrogate pair, in any string or key.
 * Iterative: a JSON body may be nested 100,000 deep.
 */
export function unstorableText(value: unknown): string | null {
  const stack: unknown[] = [value]
  while (stack.length) {
    const item = stack.pop()
    if (typeof item === 'string') {
      const why = textProblem(item)
      if (why) return why
    } else if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        const why = textProblem(key)
        if (why) return why
        stack.push(child)
      }
    }
  }
  return null
}

function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return NUL_MESSAGE
  if (LONE_SURROGATE.test(text)) return SURROGATE_MESSAGE
  return null
}

/**
 * No field of the API means a NUL or half a character, and PostgreSQL can hold neither: text cannot hold a NUL (a
 * statement carrying it fails, or is cut short where the driver inlines it), and a JSON value cannot hold a lone
 * surrogate (`\ud800`, valid JSON text, is refused by jsonb, so a reason copied into a notification failed with a 500,
 * while a text column silently kept U+FFFD instead). So a request with either in its path, query or JSON body is a
 * 400 before any route reads it.
 */
export function refuseUnstorableText(): Middleware {
  return async (ctx, next) => {
    if (ctx.originalUrl.includes('%00')) throw badRequest(NUL_MESSAGE, 'validation_error')
    const why = unstorableText((ctx.request as { body?: unknown }).body)
    if (why) throw badRequest(why, 'validation_error')
    return next()
  }
}
