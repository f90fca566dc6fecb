import type { Context } from 'koa'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import { endpoints } from '@shared/api/endpoint'
import { withdrawalRequestSchema } from '@shared/api/payments'
import { HttpError } from './errors'
import { bodyOf, issueMessage, JSON_ONLY_MESSAGE, parseObject, queryOf } from './validation'

const messageFor = (schema: z.ZodType, input: unknown) => {
  try {
    parseObject(schema, input)
  } catch (err) {
    return (err as Error).message
  }
  throw new Error('the input passed')
}

describe('issueMessage', () => {
  it('names the field that is missing or of the wrong type instead of zod’s generic words', () => {
    expect(messageFor(withdrawalRequestSchema, { amount: '10.00' })).toBe('destination is required')
    expect(messageFor(withdrawalRequestSchema, { amount: '10.00', destination: 5 })).toBe('destination must be text')
    const nested = z.object({ filters: z.object({ tags: z.array(z.string()), limit: z.number() }) })
    expect(messageFor(nested, { filters: { tags: 'a', limit: 1 } })).toBe('filters.tags must be a list')
    expect(messageFor(nested, { filters: { tags: [], limit: '1' } })).toBe('filters.limit must be a number')
  })

  it('keeps a schema’s own message, and answers the fallback when there is no issue', () => {
    expect(messageFor(withdrawalRequestSchema, { amount: '10.00', destination: 'not an email' })).toBe('Enter the email of your payout account')
    expect(messageFor(z.object({ name: z.string({ error: 'Give it a name' }) }), {})).toBe('Give it a name')
    expect(issueMessage(undefined)).toBe('Invalid request')
    expect(issueMessage(undefined, 'Invalid query')).toBe('Invalid query')
  })
})

/** Endpoints as a module would declare them: one with a JSON body, one with a query, one with a file and one with no input. */
const table = endpoints('test', {
  create: {
    method: 'POST',
    path: '/api/test/items',
    summary: 'a JSON body',
    auth: 'signed-in',
    body: z.object({ name: z.string().trim().min(1, 'Give it a name'), count: z.coerce.number().int().default(1) }),
  },
  list: {
    method: 'GET',
    path: '/api/test/items',
    summary: 'a query',
    auth: 'anonymous',
    query: z.object({ page: z.coerce.number().int().min(1, 'page must be 1 or more').default(1), q: z.string().optional() }),
  },
  upload: { method: 'POST', path: '/api/test/upload', summary: 'a file', auth: 'signed-in', body: { multipart: 'file' } },
  plain: { method: 'POST', path: '/api/test/plain', summary: 'no input', auth: 'signed-in' },
})

/** What the handler sees: the JSON parser's result (or a body it skipped, sent as another type) and the query string. */
const request = (input: { body?: unknown; json?: boolean; query?: Record<string, string | string[]> }) =>
  ({ is: () => (input.json === false ? false : 'json'), request: { body: input.body }, query: input.query ?? {} }) as unknown as Context

/** The HttpError a call throws, as the error middleware would answer it. */
const refusal = (call: () => unknown) => {
  try {
    call()
  } catch (err) {
    if (err instanceof HttpError) return { status: err.status, code: err.code, message: err.message }
    throw err
  }
  throw new Error('the input passed')
}

describe('bodyOf', () => {
  it('answers the body as the declared schema outputs it', () => {
    const body = bodyOf(request({ body: { name: '  Lamp ', count: '3', extra: true } }), table.create)
    expect(body).toEqual({ name: 'Lamp', count: 3 })
    expectTypeOf(body).toEqualTypeOf<{ name: string; count: number }>()
    expect(bodyOf(request({ body: { name: 'Lamp' } }), table.create)).toEqual({ name: 'Lamp', count: 1 })
  })

  it('refuses what the declared schema refuses, with the first issue as a validation error', () => {
    expect(refusal(() => bodyOf(request({ body: { name: ' ' } }), table.create))).toEqual({
      status: 400,
      code: 'validation_error',
      message: 'Give it a name',
    })
    expect(refusal(() => bodyOf(request({ body: {} }), table.create))).toEqual({ status: 400, code: 'validation_error', message: 'name is required' })
  })

  it('refuses a body that is not a JSON object, or was not sent as JSON, before the schema', () => {
    for (const body of [undefined, null, [], 'Lamp']) {
      expect(refusal(() => bodyOf(request({ body }), table.create))).toEqual({
        status: 400,
        code: 'bad_request',
        message: 'Request body must be a JSON object',
      })
    }
    expect(refusal(() => bodyOf(request({ body: { name: 'Lamp' }, json: false }), table.create))).toEqual({
      status: 415,
      code: 'unsupported_media_type',
      message: JSON_ONLY_MESSAGE,
    })
  })

  it('takes only an endpoint that declares a JSON body', () => {
    type Takes = Parameters<typeof bodyOf>[1]
    expectTypeOf(table.create).toExtend<Takes>()
    expectTypeOf(table.upload).not.toExtend<Takes>()
    expectTypeOf(table.plain).not.toExtend<Takes>()
    expectTypeOf(table.list).not.toExtend<Takes>()
  })
})

describe('queryOf', () => {
  it('answers the query string as the declared schema outputs it', () => {
    const query = queryOf(request({ query: { page: '2', q: 'lamp' } }), table.list)
    expect(query).toEqual({ page: 2, q: 'lamp' })
    expectTypeOf(query).toEqualTypeOf<{ page: number; q?: string | undefined }>()
    expect(queryOf(request({}), table.list)).toEqual({ page: 1 })
  })

  it('refuses what the declared schema refuses, with the first issue as a validation error', () => {
    expect(refusal(() => queryOf(request({ query: { page: '0' } }), table.list))).toEqual({
      status: 400,
      code: 'validation_error',
      message: 'page must be 1 or more',
    })
    expect(refusal(() => queryOf(request({ query: { q: ['a', 'b'] } }), table.list))).toEqual({
      status: 400,
      code: 'validation_error',
      message: 'q must be text',
    })
  })

  it('takes only an endpoint that declares a query', () => {
    type Takes = Parameters<typeof queryOf>[1]
    expectTypeOf(table.list).toExtend<Takes>()
    expectTypeOf(table.create).not.toExtend<Takes>()
    expectTypeOf(table.plain).not.toExtend<Takes>()
  })
})
