import { parse as parseQueryString } from 'node:querystring'
import fc from 'fast-check'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Endpoint } from '@shared/api/endpoint'
import type { RunningServer } from '../../server/server'
import { documentedApiRoutes } from '../support/api-routes'
import { createTestDatabase, type TestDatabase } from '../support/database'
import {
  BAD_PATH_VALUES,
  BAD_QUERY_VALUES,
  BROKEN_JSON,
  JSON_TYPE,
  NOT_AN_OBJECT,
  OVERSIZE_BODY,
  WRONG_TYPES,
  bodyAccepted,
  bodyShape,
  bodyTexts,
  holdsUnstorableText,
  multipart,
  objectText,
  queryProperties,
  stripBom,
  type Probe,
} from '../support/fuzz-inputs'
import { databaseFingerprint } from '../support/fingerprint'
import { createOwnerResources, type OwnerResources } from '../support/resources'
import { startTestServer } from '../support/server'

/**
 * Every documented /api route, driven with malformed input as a visitor, a signed-in user (with the Origin a browser
 * sends, which is what the app's CSRF check reads) and an admin: no answer may be a 5xx, every 4xx carries a JSON
 * message, and the database is exactly as before.
 */

type Role = 'anonymous' | 'user' | 'admin'
const ROLES: Role[] = ['anonymous', 'user', 'admin']

let db: TestDatabase
let server: RunningServer
let sql: pg.Client
let fx: OwnerResources
let routes: Endpoint[]
const cookies: Partial<Record<Role, string>> = {}

beforeAll(async () => {
  db = await createTestDatabase()
  server = await startTestServer({ databaseUrl: db.url })
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
  fx = await createOwnerResources(server, 'fuzz')
  cookies.user = fx.owner.client.cookieHeader
  cookies.admin = fx.admin.client.cookieHeader
  routes = documentedApiRoutes(server)
}, 120_000)

afterAll(async () => {
  await sql?.end()
  await server?.close()
  await db?.drop()
})

/** The least-privileged caller who may act on a route: they get the whole catalogue; the others a sample. */
const PRIMARY: Record<Endpoint['auth'], Role> = { anonymous: 'anonymous', 'signed-in': 'user', admin: 'admin', provider: 'anonymous' }

function canAct(role: Role, route: Endpoint): boolean {
  if (route.auth === 'anonymous') return true
  if (route.auth === 'signed-in') return role !== 'anonymous'
  if (route.auth === 'admin') return role === 'admin'
  return false
}

/** A real value for a path parameter, so bodies are checked where a well-formed one would really act. */
function realParam(route: Endpoint, name: string): string {
  const path = route.mountedAs ?? route.path
  if (name === 'platform') return 'youtube'
  if (name === 'provider') return 'sandbox'
  if (name === 'orderId') return fx.order
  if (name === 'itemId') return String(fx.checklistItem)
  // a session's public id: one nobody has (the owner's own sessions are what the fuzzed calls run on)
  if (path.startsWith('/api/auth/sessions/')) return '00000000-0000-4000-8000-000000000000'
  const byPrefix: [string, number][] = [
    ['/api/accounts/', fx.listing],
    ['/api/admin/listings/', fx.pendingListing],
    ['/api/transactions/', fx.deal],
    ['/api/admin/disputes/', fx.deal],
    ['/api/conversations/', fx.conversation],
    ['/api/notifications/', fx.notification],
    ['/api/admin/users/', fx.owner.id],
    ['/api/sellers/', fx.seller.id],
    ['/api/blog/', fx.blogPost],
    ['/api/admin/blog/', fx.blogPost],
    ['/api/admin/withdrawals/', fx.withdrawal],
    ['/api/admin/reviews/', fx.review],
    ['/api/auth/webauthn/credentials/', 1],
  ]
  const found = byPrefix.find(([prefix]) => path.startsWith(prefix))
  if (!found) throw new Error(`No real value for :${name} of ${route.method} ${path}: add one to realParam in the fuzz test`)
  return String(found[1])
}

const pathWith = (route: Endpoint, values: Record<string, string> = {}) =>
  route.path.replace(/:([A-Za-z]+)/g, (_m, name: string) => values[name] ?? encodeURIComponent(realParam(route, name)))

const isWrite = (route: Endpoint) => route.method !== 'GET'
const takesBody = (route: Endpoint) => ['POST', 'PUT', 'PATCH'].includes(route.method)

/** The route's plausible JSON body (or `{}` without one): the base every case changes one thing of. */
function baseBody(route: Endpoint): string {
  const shape = bodyShape(route)
  return shape ? objectText(shape.schema, {}) : '{}'
}

function jsonProbe(route: Endpoint, label: string, text: string, extra: Partial<Probe> = {}): Probe {
  const schema = route.body && !('multipart' in route.body) ? route.body : null
  const malformed = schema ? !bodyAccepted(schema, text) : !isJsonContainer(text)
  return { label, method: route.method, url: pathWith(route), body: text, headers: { ...JSON_TYPE }, malformed, ...extra }
}

/** What the body parser takes (strict JSON: an object or an array, a leading byte-order mark dropped). */
function isJsonContainer(text: string): boolean {
  const json = stripBom(text)
  if (!/^\s*[{[]/.test(json)) return false
  try {
    JSON.parse(json)
    return true
  } catch {
    return false
  }
}

function pathProbes(route: Endpoint): Probe[] {
  const names = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!)
  return names.flatMap((name) =>
    BAD_PATH_VALUES.map((value) => ({
      label: `:${name}=${value.slice(0, 30)}`,
      method: route.method,
      url: pathWith(route, { [name]: value }),
      ...(takesBody(route) ? { body: baseBody(route), headers: { ...JSON_TYPE } } : { headers: {} }),
      malformed: true,
    })),
  )
}

function queryProbes(route: Endpoint): Probe[] {
  if (route.method !== 'GET') return []
  const base = pathWith(route)
  const probe = (label: string, query: string): Probe => ({
    label,
    method: 'GET',
    url: `${base}?${query}`,
    headers: {},
    malformed: !queryAccepted(route, query),
  })
  const probes = ['%', 'zzz=1', `a%00${'k'.repeat(3000)}=1`].map((query) => probe(`?${query.slice(0, 20)}`, query))
  const names = queryProperties(route)
  if (!names.length) return probes
  // each bad value once, the parameters taken in turn
  BAD_QUERY_VALUES.forEach((value, i) => {
    const name = names[i % names.length]!
    probes.push(probe(`?${name}=${value.slice(0, 30)}`, `${name}=${value}`))
  })
  names.forEach((name, i) => {
    const query = [`${name}=1&${name}=2`, `${name}[]=1`, `${name}[a]=b`, name][i % 4]!
    probes.push(probe(`?${query}`, query))
  })
  return probes
}

/** Whether the route's query schema takes this query string as Koa parses it (repeated keys become arrays). */
function queryAccepted(route: Endpoint, query: string): boolean {
  const parsed = parseQueryString(query)
  if (holdsUnstorableText(parsed)) return false
  return route.query ? route.query.safeParse(parsed).success : true
}

function multipartProbes(route: Endpoint, field: string): Probe[] {
  const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
  const parts = [
    { label: 'garbage file', ...multipart(field, 'this is not an image', 'a.png') },
    { label: 'truncated png', ...multipart(field, png, 'a.png') },
    { label: 'svg', ...multipart(field, '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'a.svg', 'image/svg+xml') },
    { label: 'another field', ...multipart('other', png, 'a.png') },
    { label: 'a text field', ...multipart(field, 'hello') },
    { label: 'over the size limit', ...multipart(field, new Uint8Array(6 * 1024 * 1024), 'big.png') },
  ]
  return [
    ...parts.map((p) => ({ label: p.label, method: route.method, url: pathWith(route), body: p.body, headers: p.headers, malformed: true })),
    {
      label: 'cut-off multipart',
      method: route.method,
      url: pathWith(route),
      body: '--fuzzboundary\r\nContent-Disposition: form-data; name="',
      headers: { 'content-type': 'multipart/form-data; boundary=fuzzboundary' },
      malformed: true,
    },
    {
      label: 'no boundary',
      method: route.method,
      url: pathWith(route),
      body: 'x',
      headers: { 'content-type': 'multipart/form-data' },
      malformed: true,
    },
    { label: 'json instead', method: route.method, url: pathWith(route), body: '{"image":"x"}', headers: { ...JSON_TYPE }, malformed: true },
  ]
}

function bodyProbes(route: Endpoint): Probe[] {
  if (!takesBody(route)) return []
  if (route.body && 'multipart' in route.body) return multipartProbes(route, route.body.multipart)
  const shape = bodyShape(route)
  const probes: Probe[] = []
  if (shape) {
    for (const { label, text } of bodyTexts(shape)) probes.push(jsonProbe(route, label, text))
    for (const text of NOT_AN_OBJECT) probes.push(jsonProbe(route, `body ${text.slice(0, 20)}`, text))
    for (const type of WRONG_TYPES) {
      // a body the JSON parser skips is refused where JSON is read, not taken for {}
      probes.push({
        label: `as ${type}`,
        method: route.method,
        url: pathWith(route),
        body: type ? baseBody(route) : new TextEncoder().encode(baseBody(route)),
        headers: type ? { 'content-type': type } : {},
        malformed: true,
      })
    }
  }
  for (const text of BROKEN_JSON) probes.push(jsonProbe(route, `broken ${text.slice(0, 20)}`, text))
  probes.push({ label: 'over 1 MB', method: route.method, url: pathWith(route), body: OVERSIZE_BODY, headers: { ...JSON_TYPE }, malformed: true })
  probes.push({
    label: 'latin1 charset',
    method: route.method,
    url: pathWith(route),
    body: '{"a":',
    headers: { 'content-type': 'application/json; charset=latin1' },
    malformed: true,
  })
  if (route.idempotent) {
    for (const key of ['a b', 'x'.repeat(201)])
      probes.push({
        label: `Idempotency-Key ${key.slice(0, 10)}`,
        method: route.method,
        url: pathWith(route),
        body: baseBody(route),
        headers: { ...JSON_TYPE, 'idempotency-key': key },
        malformed: true,
      })
  }
  return probes
}

/** Methods a path does not have, and one nobody has: sent once per path, as the caller of its first route. */
function methodProbes(all: Endpoint[]): Map<Endpoint, Probe[]> {
  const byPath = new Map<string, Endpoint[]>()
  for (const route of all) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route])
  const probes = new Map<Endpoint, Probe[]>()
  for (const same of byPath.values()) {
    const methods = new Set<string>(same.map((r) => r.method))
    const missing = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => !methods.has(m))
    probes.set(
      same[0]!,
      [missing[0], 'PROPFIND']
        .filter((m) => m !== undefined)
        .map((method) => ({ label: `method ${method}`, method, url: pathWith(same[0]!), headers: {}, malformed: true })),
    )
  }
  return probes
}

function probesFor(route: Endpoint): Probe[] {
  const probes = [...pathProbes(route), ...queryProbes(route), ...bodyProbes(route)]
  if (route.method === 'GET' && !probes.length) probes.push({ label: 'plain', method: 'GET', url: pathWith(route), headers: {}, malformed: false })
  return probes
}

/** Which probes a caller gets: never a well-formed write they may really make; a sample where they are not the primary caller. */
function selectFor(role: Role, route: Endpoint, probes: Probe[]): Probe[] {
  const acting = canAct(role, route)
  const eligible = probes.filter((p) => !acting || !isWrite(route) || p.malformed)
  if (role === PRIMARY[route.auth]) return eligible
  const step = Math.max(1, Math.floor(eligible.length / 3))
  return eligible.filter((_p, i) => i % step === 0)
}

interface Job {
  role: Role
  route: Endpoint
  probe: Probe
}

interface Finding {
  role: Role
  route: string
  probe: string
  status: number
  text: string
}

async function send(role: Role, probe: Probe) {
  try {
    return await sendOnce(role, probe)
  } catch {
    // a keep-alive connection the server closed while idle fails before the request leaves; a client retries once
    return sendOnce(role, probe)
  }
}

async function sendOnce(role: Role, probe: Probe) {
  const res = await fetch(new URL(probe.url, server.url), {
    method: probe.method,
    headers: { origin: server.url, ...(cookies[role] ? { cookie: cookies[role] } : {}), ...probe.headers },
    body: probe.body,
    redirect: 'manual',
  })
  const text = await res.text()
  return { status: res.status, type: res.headers.get('content-type') ?? '', text }
}

/**
 * A finding: a 5xx (only a well-formed request may get one, and only the dependency answer its route documents, such
 * as Trustap's 503 on a server without Trustap), a 4xx without the API's JSON error, or a malformed write that succeeded.
 */
function judge({ role, route, probe }: Job, res: { status: number; type: string; text: string }): Finding | null {
  const finding = {
    role,
    route: `${route.method} ${route.path}`,
    probe: `${probe.method} ${probe.url.slice(0, 120)} [${probe.label}]`,
    status: res.status,
    text: res.text.slice(0, 200),
  }
  if (res.status === 0 || res.status >= 500) return !probe.malformed && res.status !== 500 && route.errors?.includes(res.status) ? null : finding
  if (res.status < 400) return isWrite(route) && probe.malformed && canAct(role, route) ? finding : null
  let body: { message?: unknown; error?: { code?: unknown } } | undefined
  try {
    body = JSON.parse(res.text) as typeof body
  } catch {
    return finding
  }
  const wellShaped =
    /application\/json/.test(res.type) && typeof body?.message === 'string' && body.message !== '' && typeof body.error?.code === 'string'
  return wellShaped ? null : finding
}

/** Runs the jobs a few at a time (the server answers other requests while one waits on the database). */
async function drive(jobs: Job[], inFlight = 4): Promise<Finding[]> {
  const findings: Finding[] = []
  let next = 0
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!
      const res = await send(job.role, job.probe).catch((err: Error) => ({
        status: 0,
        type: '',
        text: `${err.message}: ${String((err.cause as Error | undefined)?.message)}`,
      }))
      const finding = judge(job, res)
      if (finding) findings.push(finding)
    }
  }
  await Promise.all(Array.from({ length: inFlight }, worker))
  return findings
}

function catalogueJobs(): Job[] {
  const jobs: Job[] = []
  const methods = methodProbes(routes)
  for (const route of routes) {
    const probes = probesFor(route)
    for (const role of ROLES) for (const probe of selectFor(role, route, probes)) jobs.push({ role, route, probe })
    for (const probe of methods.get(route) ?? []) jobs.push({ role: PRIMARY[route.auth], route, probe })
  }
  return jobs
}

/** Percent-encodes text for a URL; a lone surrogate (which encodeURIComponent refuses) goes as the bytes of one. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text)
  } catch {
    return (
      text
        .replace(/[\ud800-\udfff]/g, '')
        .split('')
        .map((c) => encodeURIComponent(c))
        .join('') + '%ED%A0%80'
    )
  }
}

interface Generated {
  route: Endpoint
  kind: 'path' | 'query' | 'field' | 'drop'
  slot: number
  text: string
  json: string
}

/** One probe from generated values: the kind asked for if the route has it, else the first kind it has. */
function generatedProbe({ route, kind, slot, text, json }: Generated): Probe {
  const params = Object.keys(route.params ?? {})
  const shape = bodyShape(route)
  const kinds = [params.length && 'path', route.method === 'GET' && 'query', shape && 'field', shape && shape.properties.length && 'drop'].filter(
    Boolean,
  )
  const chosen = kinds.includes(kind) ? kind : (kinds[0] ?? 'query')
  if (chosen === 'path') {
    const name = params[slot % params.length]!
    const schema = route.params![name]!
    const value = /^\d+$/.test(text) ? Number(text) : text
    const probe: Probe = {
      label: `:${name} generated`,
      method: route.method,
      url: pathWith(route, { [name]: encode(text) || '%20' }),
      headers: {},
      malformed: !schema.safeParse(value).success || text === '',
    }
    return takesBody(route) ? { ...probe, body: baseBody(route), headers: { ...JSON_TYPE } } : probe
  }
  if (chosen === 'query' || !shape) {
    const names = queryProperties(route)
    const name = names.length ? names[slot % names.length]! : 'q'
    const query = `${name}=${encode(text)}`
    return {
      label: `?${name} generated`,
      method: route.method,
      url: `${pathWith(route)}?${query}`,
      headers: {},
      malformed: !queryAccepted(route, query),
    }
  }
  const field = shape.properties[slot % Math.max(1, shape.properties.length)] ?? 'x'
  const body = objectText(shape.schema, { [field]: chosen === 'drop' ? null : json })
  return jsonProbe(route, `${field} ${chosen === 'drop' ? 'left out' : 'generated'}`, body)
}

/**
 * When a session was last used is not something a request writes on purpose: the fuzzed callers' own sessions record
 * it at most once a minute (LAST_SEEN_EVERY_SECONDS), and on a busy machine a run outlasts the minute.
 */
const snapshot = () => databaseFingerprint(sql, [], { sessions: ['last_seen_at'] })

describe('every endpoint under malformed input', () => {
  it('drives each route with the whole catalogue as its caller and a sample as the others: no 5xx, JSON 4xx, nothing written', async () => {
    const before = await snapshot()
    const jobs = catalogueJobs()
    expect(jobs.length).toBeGreaterThan(2500)
    expect(await drive(jobs)).toEqual([])
    expect(await snapshot()).toEqual(before)
  }, 240_000)

  it('drives random routes with generated values (fast-check, fixed seed): no 5xx, JSON 4xx, nothing written', async () => {
    const before = await snapshot()
    const hostileText = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.string({
        unit: fc.constantFrom('\u0000', '\ud800', '\udc00', '\u202e', '\u0301', '\u200b', '😀', 'a', '1', '%', '/', '.', '"', '\\'),
        maxLength: 30,
      }),
    )
    const numberText = fc.oneof(
      fc.integer().map(String),
      fc.double().map((d) => (Number.isFinite(d) ? JSON.stringify(d) : String(d))),
      fc.bigInt().map(String),
      fc.constantFrom('1e309', '-1e309', '-0', '1e-400'),
    )
    const jsonText = fc.oneof(
      hostileText.map((t) => JSON.stringify(t)),
      numberText,
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
      fc.object({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
    )
    const job = fc.record({
      route: fc.constantFrom(...routes),
      role: fc.constantFrom(...ROLES),
      kind: fc.constantFrom('path', 'query', 'field', 'drop'),
      slot: fc.nat(),
      text: hostileText,
      json: jsonText,
    })
    await fc.assert(
      fc.asyncProperty(job, async (input) => {
        const probe = generatedProbe(input)
        fc.pre(!(canAct(input.role, input.route) && isWrite(input.route) && !probe.malformed))
        const res = await send(input.role, probe)
        const finding = judge({ role: input.role, route: input.route, probe }, res)
        expect(finding).toBeNull()
      }),
      { seed: 20_261_125, numRuns: 1000 },
    )
    expect(await snapshot()).toEqual(before)
  }, 120_000)
})
