import type { Context } from 'koa'
import type { z } from 'zod'
import { badRequest } from './errors'

/** The parsed JSON body, not yet checked. */
export const requestBody = (ctx: Context): unknown => (ctx.request as { body?: unknown }).body

/** Parses the request body with a shared schema; the first issue's message is the answer. */
export function parseBody<S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> {
  return parseObject(schema, requestBody(ctx))
}

/** The same for input that did not come as an HTTP body (a socket message's fields). */
export function parseObject<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  if (input === undefined || input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw badRequest('Request body must be a JSON object')
  }
  const result = schema.safeParse(input)
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Invalid request', 'validation_error')
  return result.data
}

/** Parses the query string with a shared schema; the first issue's message is the answer. */
export function parseQuery<S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> {
  const result = schema.safeParse(ctx.query)
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Invalid query', 'validation_error')
  return result.data
}
