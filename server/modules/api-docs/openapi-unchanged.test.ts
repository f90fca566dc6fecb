import { readFileSync } from 'node:fs'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { API_ROUTES } from './api-routes'
import { buildOpenApiDocument } from './openapi.document'

/**
 * GET /api/openapi.json as it was before the endpoints were declared once in src/shared/api: the document built from
 * the endpoint table may add information (a new route, a new field, a description) but must keep everything it said.
 */
const BEFORE = JSON.parse(
  gunzipSync(readFileSync(new URL('../../../tests/fixtures/openapi-before-endpoint-table.json.gz', import.meta.url))).toString('utf8'),
) as unknown

/**
 * where `after` drops or changes something `before` said: objects may gain keys, arrays and values must match. A schema
 * that became one of several (`anyOf`) keeps what it said when one of them does: an answer it described is still one.
 */
export function lostInformation(before: unknown, after: unknown, at = '$'): string[] {
  if (isObject(before) && !('anyOf' in before) && isObject(after) && Array.isArray(after.anyOf)) {
    if (after.anyOf.some((alternative) => lostInformation(before, alternative, at).length === 0)) return []
  }
  if (Array.isArray(before)) {
    // an answer's list of fields always present may grow (a field added to it is new information); a request's may not
    if (isAnswerFieldList(at) && Array.isArray(after)) return before.every((name) => after.includes(name)) ? [] : [at]
    if (!Array.isArray(after) || after.length !== before.length) return [at]
    return before.flatMap((item, i) => lostInformation(item, after[i], `${at}[${i}]`))
  }
  if (before !== null && typeof before === 'object') {
    if (after === null || typeof after !== 'object' || Array.isArray(after)) return [at]
    const now = after as Record<string, unknown>
    return Object.entries(before).flatMap(([key, value]) => (key in now ? lostInformation(value, now[key], `${at}.${key}`) : [`${at}.${key}`]))
  }
  return Object.is(before, after) ? [] : [at]
}

/** the `required` list of a schema inside a response: which fields an answer always carries */
const isAnswerFieldList = (at: string) => at.includes('.responses.') && at.endsWith('.required')

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)

describe('the OpenAPI document from the endpoint table', () => {
  it('keeps everything the document said before, allowing only new information', () => {
    const now = buildOpenApiDocument(API_ROUTES, { version: '0.0.0-fixture', sessionCookie: 'handover.sid' })
    expect(lostInformation(BEFORE, JSON.parse(JSON.stringify(now)))).toEqual([])
  })

  it('notices a dropped key, a changed value and a shorter list', () => {
    const before = { a: { b: 1, c: [1, 2] }, d: 'x' }
    expect(lostInformation(before, { a: { b: 1, c: [1, 2], e: 3 }, d: 'x', f: 0 })).toEqual([])
    expect(lostInformation(before, { a: { c: [1] }, d: 'y' })).toEqual(['$.a.b', '$.a.c', '$.d'])
  })

  it('lets an answer always carry a new field, but neither drop one nor ask a request for a new one', () => {
    const answer = { responses: { 200: { schema: { required: ['id', 'status'] } } } }
    expect(lostInformation(answer, { responses: { 200: { schema: { required: ['id', 'status', 'refundedTo'] } } } })).toEqual([])
    expect(lostInformation(answer, { responses: { 200: { schema: { required: ['id'] } } } })).toEqual(['$.responses.200.schema.required'])
    const request = { requestBody: { schema: { required: ['listingId'] } } }
    expect(lostInformation(request, { requestBody: { schema: { required: ['listingId', 'quotedTotal'] } } })).toEqual([
      '$.requestBody.schema.required',
    ])
  })

  it('takes a schema that became one of several as kept only when one of them keeps it whole', () => {
    const before = { schema: { type: 'object', required: ['success'] } }
    expect(lostInformation(before, { schema: { anyOf: [{ type: 'object', required: ['requiresTwoFactor'] }, before.schema] } })).toEqual([])
    expect(lostInformation(before, { schema: { anyOf: [{ type: 'object', required: ['requiresTwoFactor'] }, { type: 'object' }] } })).toEqual([
      '$.schema.type',
      '$.schema.required',
    ])
  })
})
