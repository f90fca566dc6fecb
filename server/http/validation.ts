import type { Context } from 'koa'
import type { z } from 'zod'
import type { EndpointSpec } from '@shared/api/endpoint'
import { badRequest, HttpError } from './errors'
import { unstorableText } from './nul-guard'

export const JSON_ONLY_MESSAGE = 'Send the request body as JSON (Content-Type: application/json)'

/**
 * The parsed JSON body, not yet checked. A body the JSON parser skipped (text/plain, a form) is a 415, not an empty
 * object: read as {}, it could pass a schema whose fields are all optional.
 */
export function requestBody(ctx: Context): unknown {
  if (ctx.is('json') === false) throw new HttpError(415, 'unsupported_media_type', JSON_ONLY_MESSAGE)
  return (ctx.request as { body?: unknown }).body
}

/** zod's own wording for a field that is missing or of the wrong type; it names no field. */
const DEFAULT_TYPE_MESSAGE = /^Invalid input: expected \w+, received (\w+)$/

const KINDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  date: 'a date',
}

/**
 * The message a request gets for a schema's issue: the schema's own words where it has them, else one that names the
 * field ("destination is required", "destination must be text") instead of zod's "Invalid input: expected string,
 * received undefined".
 */
export function issueMessage(issue: z.core.$ZodIssue | undefined, fallback = 'Invalid request'): string {
  if (!issue) return fallback
  if (issue.code !== 'invalid_type') return issue.message
  const generic = DEFAULT_TYPE_MESSAGE.exec(issue.message)
  if (!generic) return issue.message
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'The request'
  return generic[1] === 'undefined' ? `${field} is required` : `${field} must be ${KINDS[issue.expected] ?? issue.expected}`
}

/** An endpoint whose declaration names the schema of its JSON body (a multipart upload names a field instead). */
type DeclaresBody = Pick<EndpointSpec, 'method' | 'path'> & { body: z.ZodType }

/** An endpoint whose declaration names the schema of its query string. */
type DeclaresQuery = Pick<EndpointSpec, 'method' | 'path'> & { query: z.ZodType }

/**
 * The request body checked with the schema the endpoint declares (src/shared/api/endpoints), so a handler cannot
 * validate with one schema while GET /api/openapi.json and the renderer go by another.
 */
export function bodyOf<E extends DeclaresBody>(ctx: Context, endpoint: E): z.output<E['body']> {
  return parseBody<E['body']>(ctx, endpoint.body)
}

/** The query string checked with the schema the endpoint declares, as bodyOf does for the body. */
export function queryOf<E extends DeclaresQuery>(ctx: Context, endpoint: E): z.output<E['query']> {
  return parseQuery<E['query']>(ctx, endpoint.query)
}

/** Parses the request body with a shared schema; the first issue's message is the answer. Routes use bodyOf. */
export function parseBody<S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> {
  return parseObject(schema, requestBody(ctx))
}

/** The same for input that did not come as an HTTP body (a socket message's fields). */
export function parseObject<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  if (input === undefined || input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw badRequest('Request body must be a JSON object')
  }
  // the HTTP middleware (refuseUnstorableText) has checked request bodies; this is for socket messages
  const unstorable = unstorableText(input)
  if (unstorable) throw badRequest(unstorable, 'validation_error')
  const result = schema.safeParse(input)
  if (!result.success) throw badRequest(issueMessage(result.error.issues[0]), 'validation_error')
  return result.data
}

/** Parses the query string with a shared schema; the first issue's message is the answer. Routes use queryOf. */
export function parseQuery<S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> {
  const result = schema.safeParse(ctx.query)
  if (!result.success) throw badRequest(issueMessage(result.error.issues[0], 'Invalid query'), 'validation_error')
  return result.data
}
