import type { Context } from 'koa'
import type { z } from 'zod'
import { badRequest } from './errors'

/** Parses the request body with a shared schema; the first issue's message is the answer. */
export function parseBody<S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> {
  const body: unknown = (ctx.request as { body?: unknown }).body
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('Request body must be a JSON object')
  }
  const result = schema.safeParse(body)
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Invalid request', 'validation_error')
  return result.data
}
