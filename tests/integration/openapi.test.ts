import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OpenApiDocument } from '../../server/modules/api-docs/openapi.document'
import { openApiPath } from '../../server/modules/api-docs/openapi.document'
import type { RunningServer } from '../../server/server'
import { documentedApiRoutes, mountedApiRoutes, routeKey } from '../support/api-routes'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { ApiClient } from '../support/http-client'
import { addUser, type TestUser } from '../support/payments'
import { startTestServer } from '../support/server'

let db: TestDatabase
let server: RunningServer
let admin: TestUser
let document: OpenApiDocument

/** A concrete URL for a documented path: ids that exist nowhere, a real value for the enumerated parameters. */
const concrete = (path: string) =>
  path
    .replace(/:platform\b/g, 'youtube')
    .replace(/:provider\b/g, 'sandbox')
    .replace(/:[A-Za-z]+/g, '2147483000')

beforeAll(async () => {
  db = await createTestDatabase()
  server = await startTestServer({ databaseUrl: db.url })
  admin = await addUser(server, 'openapi_admin', { admin: true })
  const res = await new ApiClient(server.url).get('/api/openapi.json')
  expect(res.status, res.text).toBe(200)
  document = res.json as unknown as OpenApiDocument
})

afterAll(async () => {
  await server?.close()
  await db?.drop()
})

describe('GET /api/openapi.json', () => {
  it('documents every /api route the app mounts, and nothing it does not', () => {
    const mounted = mountedApiRoutes(server)
    expect(mounted.length).toBeGreaterThan(90)
    expect(mounted.filter((m) => m.docs.length === 0).map((m) => routeKey(m.route))).toEqual([])
    const mountedKeys = new Set(mounted.map((m) => routeKey(m.route)))
    const documented = documentedApiRoutes(server)
    const stale = (document ? Object.entries(document.paths) : []).flatMap(([path, ops]) =>
      Object.keys(ops)
        .map((method) => ({ method: method.toUpperCase(), path }))
        .filter((op) => !documented.some((doc) => doc.method === op.method && openApiPath(doc.path) === op.path)),
    )
    expect(stale).toEqual([])
    const notMounted = documented.filter((doc) => !mountedKeys.has(`${doc.method} ${doc.mountedAs ?? doc.path}`))
    expect(notMounted).toEqual([])
    // one operation per documented route, each step of a deal on its own
    const operations = Object.values(document.paths).flatMap((ops) => Object.keys(ops))
    expect(operations).toHaveLength(documented.length)
    expect(document.paths['/api/transactions/{id}/dispute']?.post?.requestBody).toBeDefined()
  })

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator()
    const result = await validator.validate(structuredClone(document) as never)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')
  })

  it('gives every operation its auth, its path parameters, and schemas from the shared contracts', () => {
    const problems: string[] = []
    for (const [path, operations] of Object.entries(document.paths)) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])
      for (const [method, op] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${path}`
        if (!['anonymous', 'signed-in', 'admin', 'provider'].includes(op['x-auth'])) problems.push(`${where}: no x-auth`)
        const declared = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name)
        if (declared.join() !== names.join()) problems.push(`${where}: path parameters ${declared.join()} for ${names.join()}`)
        if (op['x-auth'] !== 'anonymous' && !op.responses['401']) problems.push(`${where}: no 401`)
      }
    }
    expect(problems).toEqual([])
    const login = document.paths['/api/auth/login']!.post!
    const body = login.requestBody!.content['application/json']!.schema as { properties: Record<string, unknown>; required: string[] }
    expect(Object.keys(body.properties)).toEqual(['username', 'password'])
    expect(body.required).toEqual(['username', 'password'])
    expect(document.paths['/api/admin/users']!.get!.security).toEqual([{ session: ['admin'] }])
    expect(document.paths['/api/accounts']!.get!.parameters!.map((p) => p.name)).toEqual(
      expect.arrayContaining(['q', 'platform', 'minPrice', 'sort', 'page']),
    )
  })

  it('says the truth about auth: a visitor gets 401 from every operation that needs a session, and no 401 elsewhere', async () => {
    const visitor = new ApiClient(server.url, { origin: server.url })
    const wrong: string[] = []
    for (const doc of documentedApiRoutes(server)) {
      if (doc.auth === 'provider') continue
      const res = await visitor.request(doc.method, concrete(doc.path), doc.method === 'GET' || doc.method === 'DELETE' ? undefined : {})
      const expectsSession = doc.auth === 'signed-in' || doc.auth === 'admin'
      if (expectsSession ? res.status !== 401 : res.status === 401) wrong.push(`${doc.method} ${doc.path} (${doc.auth}): ${res.status}`)
    }
    expect(wrong).toEqual([])
  })

  it('describes what the list and read operations really answer (each parsed with its documented schema)', async () => {
    const checked: string[] = []
    const wrong: string[] = []
    for (const doc of documentedApiRoutes(server)) {
      const schema = doc.response?.schema
      // a read that needs query parameters (the quote) has nothing to show without them
      if (doc.method !== 'GET' || doc.params || !schema || doc.auth === 'provider' || (doc.query && !doc.query.safeParse({}).success)) continue
      const res = await admin.client.get(doc.path)
      // a documented error of this set-up (no Trustap here: connecting is a 503)
      if (doc.errors?.includes(res.status)) continue
      if (res.status !== 200) {
        wrong.push(`${doc.path}: ${res.status} ${res.text.slice(0, 120)}`)
        continue
      }
      const parsed = schema.safeParse(res.json)
      if (!parsed.success) wrong.push(`${doc.path}: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`)
      checked.push(doc.path)
    }
    expect(wrong).toEqual([])
    expect(checked).toEqual(expect.arrayContaining(['/api/accounts', '/api/auth/me', '/api/admin/settings', '/api/notifications', '/api/balance']))
  })
})

describe('GET /api/docs', () => {
  it('is one page listing every operation, with nothing loaded from elsewhere and no script', async () => {
    const res = await new ApiClient(server.url).get('/api/docs')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    const policy = res.headers.get('content-security-policy') ?? ''
    expect(policy).toMatch(/default-src 'none'/)
    expect(policy).not.toMatch(/unsafe-inline|https?:/)
    expect(res.text).not.toMatch(/<script|<link|src=/i)
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const method of Object.keys(operations))
        expect(res.text, `${method} ${path}`).toContain(`${method.toUpperCase()}</span> <code>${path}</code>`)
    }
    // the login body's fields and the admin-only mark are readable on the page
    expect(res.text).toMatch(/username: string/)
    expect(res.text).toContain('<span class="a">admin</span>')
  })
})
