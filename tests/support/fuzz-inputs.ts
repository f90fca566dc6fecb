import { z } from 'zod'
import type { Endpoint } from '@shared/api/endpoint'
import { unstorableText } from '../../server/http/nul-guard'
import { jsonSchemaOf, type JsonSchema } from '../../server/modules/api-docs/openapi.document'

/** Whether a value holds text the server refuses before any schema (a NUL, half a surrogate pair). */
export const holdsUnstorableText = (value: unknown) => unstorableText(value) !== null

/**
 * Malformed input for every documented route, derived from its schemas: path values that cannot name anything,
 * query values of the wrong kind, bodies with one field broken, missing or added, broken JSON, wrong content types.
 * JSON is built as text, so values JSON.stringify cannot write (NaN, 1e309, duplicate keys, __proto__) are sent too.
 */

export interface Probe {
  label: string
  method: string
  /** path and query, percent-encoded as sent */
  url: string
  body?: string | Uint8Array<ArrayBuffer>
  headers: Record<string, string>
  /**
   * whether the contract refuses it: a path value that cannot name a resource, a body its schema rejects, text with a
   * NUL character (no text field takes one), broken JSON, a non-JSON body where JSON is read, a bad Idempotency-Key.
   * Only such probes go to routes the caller could really act on: a well-formed write would rightly write.
   */
  malformed: boolean
}

export const JSON_TYPE = { 'content-type': 'application/json' }

/** Path values that cannot name anything (each percent-encoded as it goes on the wire). */
export const BAD_PATH_VALUES = [
  '-1',
  '0',
  '1e309',
  'abc',
  '..%2F..%2Fetc%2Fpasswd',
  '9'.repeat(5000),
  '2147483648',
  '1.5',
  '%00',
  '%ED%A0%80',
  '%E2%80%AE12',
  'a%CC%81%CC%81',
  '%',
  '__proto__',
]

/** Query values, percent-encoded. Kept under a few kilobytes: Node refuses request lines over 16 KB itself (431). */
export const BAD_QUERY_VALUES = [
  '',
  'abc',
  '-1',
  '1e309',
  'NaN',
  '1.5',
  '99999999999999999999',
  '%00',
  '%ED%A0%80',
  '%E2%80%AEevil',
  '%F0%9F%98%80'.repeat(20),
  'e%CC%81%CC%81%CC%81',
  "'%20or%201%3D1%20--",
  '%',
  'x'.repeat(6000),
  '..%2F..%2F',
]

const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)

/** JSON texts for one field: wrong types, odd numbers, hostile and huge text, nesting deep enough to overflow a recursive walk. */
export const BAD_FIELD_VALUES = [
  'null',
  'true',
  '-1',
  '1.5',
  '1e309',
  '123456789012345678901234567890',
  '"abc"',
  '"a\\u0000b"',
  '"\\ud800"',
  '"\\u202eevil"',
  JSON.stringify('😀'.repeat(60) + 'e\u0301\u0301\u0301 Z̷̧̛a̵l̶g̷o̸'),
  JSON.stringify("' or 1=1 --<script>alert(1)</script>"),
  JSON.stringify('x'.repeat(100_000)),
  '[]',
  '{"$gt":""}',
  deepArray(100_000),
]

/** Bodies JSON.parse refuses (sent as application/json). */
export const BROKEN_JSON = ['{', "{'a':1}", '{"a":NaN}', '{"a":1}}']

/** Whole bodies that are valid JSON but not an object. */
export const NOT_AN_OBJECT = ['"text"', deepArray(200_000)]

/** Content types the API does not read, and a body sent with none. */
export const WRONG_TYPES = ['text/plain', null]

/** A string over the 1 MB body limit. */
export const OVERSIZE_BODY = `{"x":"${'x'.repeat(1_100_000)}"}`

const MULTIPART_BOUNDARY = 'fuzzboundary'

/** A multipart body with one part; `filename` makes it a file. */
export function multipart(
  field: string,
  content: string | Uint8Array,
  filename?: string,
  type = 'image/png',
): { body: Uint8Array<ArrayBuffer>; headers: Record<string, string> } {
  const head = `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"${filename ? `; filename="${filename}"\r\nContent-Type: ${type}` : ''}\r\n\r\n`
  const body = Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${MULTIPART_BOUNDARY}--\r\n`)])
  return { body: new Uint8Array(body), headers: { 'content-type': `multipart/form-data; boundary=${MULTIPART_BOUNDARY}` } }
}

/** The body parser drops a leading byte-order mark, as RFC 8259 allows. */
export const stripBom = (text: string) => text.replace(/^\ufeff/, '')

/** Whether the server would take this JSON text as the body of `schema`: the oracle for "malformed". */
export function bodyAccepted(schema: z.ZodType, text: string): boolean {
  const json = stripBom(text)
  if (!/^\s*[{[]/.test(json)) return false
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch {
    return false
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false
  if (holdsUnstorableText(value)) return false
  try {
    return schema.safeParse(value).success
  } catch {
    // a schema that recursed too deep on it: the server refuses it too
    return false
  }
}

/** A JSON text of a value that fits a property's schema as far as its type goes; it need not be valid. */
export function plausible(schema: JsonSchema | undefined, depth = 0): string {
  if (!schema || depth > 4) return '"x"'
  if (schema.const !== undefined) return JSON.stringify(schema.const)
  if (Array.isArray(schema.enum)) return JSON.stringify(schema.enum[0])
  if (schema.default !== undefined) return JSON.stringify(schema.default)
  const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined
  if (options?.length) return plausible(options[0], depth + 1)
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
  switch (type) {
    case 'string': {
      if (schema.format === 'email') return '"fuzz@example.com"'
      const min = typeof schema.minLength === 'number' ? schema.minLength : 1
      return JSON.stringify('fuzz text '.repeat(Math.ceil(Math.max(min, 1) / 10) + 1).slice(0, Math.max(min, 12)))
    }
    case 'integer':
    case 'number':
      return String(typeof schema.minimum === 'number' ? Math.max(schema.minimum, 1) : 1)
    case 'boolean':
      return 'true'
    case 'array':
      return '[]'
    case 'object':
      return objectText(schema, {}, depth + 1)
    default:
      return '"x"'
  }
}

/** The JSON text of an object schema's plausible value, with some fields replaced (a text) or left out (null). */
export function objectText(schema: JsonSchema, replace: Record<string, string | null>, depth = 0): string {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
  const fields = Object.keys(properties).map(
    (name) => [name, Object.hasOwn(replace, name) ? replace[name] : plausible(properties[name], depth)] as const,
  )
  const extra = Object.entries(replace).filter(([name]) => !Object.hasOwn(properties, name))
  return `{${[...fields, ...extra]
    .filter(([, value]) => value !== null)
    .map(([name, value]) => `${JSON.stringify(name)}:${value}`)
    .join(',')}}`
}

export interface BodyShape {
  schema: JsonSchema
  properties: string[]
  required: string[]
}

export function bodyShape(route: Endpoint): BodyShape | null {
  if (!route.body || 'multipart' in route.body) return null
  const schema = jsonSchemaOf(route.body, 'input')
  return { schema, properties: Object.keys((schema.properties ?? {}) as object), required: (schema.required ?? []) as string[] }
}

export function queryProperties(route: Endpoint): string[] {
  if (!route.query) return []
  return Object.keys((jsonSchemaOf(route.query, 'input').properties ?? {}) as object)
}

/** One JSON text per hostile case for a body: each bad value in a field (fields taken in turn), each required field left out, fields added. */
export function bodyTexts(shape: BodyShape): { label: string; text: string }[] {
  const texts: { label: string; text: string }[] = []
  const fields = shape.properties.length ? shape.properties : ['x']
  BAD_FIELD_VALUES.forEach((value, i) => {
    const field = fields[i % fields.length]!
    texts.push({ label: `${field}=${value.slice(0, 30)}`, text: objectText(shape.schema, { [field]: value }) })
  })
  for (const field of shape.required) texts.push({ label: `without ${field}`, text: objectText(shape.schema, { [field]: null }) })
  texts.push({ label: '__proto__', text: objectText(shape.schema, { ['__proto__']: '{"isAdmin":true}' }) })
  texts.push({
    label: 'extra fields',
    text: objectText(shape.schema, { constructor: '{"prototype":{"polluted":true}}', isAdmin: 'true', userId: '1' }),
  })
  if (shape.properties[0])
    texts.push({ label: 'duplicate key', text: objectText(shape.schema, {}).replace(/}$/, `,${JSON.stringify(shape.properties[0])}:{"dup":1}}`) })
  texts.push({ label: 'empty object', text: '{}' })
  return texts
}
