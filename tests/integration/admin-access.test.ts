import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type Router from '@koa/router'
import { AUTH_MESSAGES } from '../../src/shared/api/auth'
import { authEndpoints } from '../../src/shared/api/endpoints/auth'
import { User } from '../../server/modules/users/user.entity'
import type { RunningServer } from '../../server/server'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { ApiClient } from '../support/http-client'
import { addUser, PASSWORD, type TestUser } from '../support/payments'
import { startTestServer } from '../support/server'
import { openSocket } from '../support/ws-client'

let db: TestDatabase
let server: RunningServer
let admin: TestUser
let member: TestUser

/** Admin-only routes that live outside /api/admin, next to the users' own routes. */
const ADMIN_ONLY_ELSEWHERE = [{ method: 'GET', path: '/api/transactions/all' }]

interface RouteEntry {
  method: string
  path: string
}

/** Every route of every router the app mounted, read from the routers themselves (koa-router marks its dispatcher). */
function mountedRoutes(): RouteEntry[] {
  const routes: RouteEntry[] = []
  for (const middleware of server.created.app.middleware) {
    const router = (middleware as { router?: Router }).router
    if (!router) continue
    for (const layer of router.stack) {
      for (const method of layer.methods) if (method !== 'HEAD') routes.push({ method, path: String(layer.path) })
    }
  }
  return routes
}

/** A concrete URL for a route pattern: every parameter gets a value that exists nowhere. */
const concrete = (path: string) => path.replace(/:platform\b/g, 'youtube').replace(/:[A-Za-z]+/g, '1')

function adminRoutes(): RouteEntry[] {
  const all = mountedRoutes()
  const admin = all.filter((r) => r.path.startsWith('/api/admin'))
  for (const extra of ADMIN_ONLY_ELSEWHERE) {
    if (!all.some((r) => r.method === extra.method && r.path === extra.path)) throw new Error(`${extra.method} ${extra.path} is not mounted`)
  }
  return [...admin, ...ADMIN_ONLY_ELSEWHERE]
}

const call = (client: ApiClient, route: RouteEntry) =>
  client.request(route.method, concrete(route.path), route.method === 'GET' ? undefined : {}, { origin: server.url })

beforeAll(async () => {
  db = await createTestDatabase()
  server = await startTestServer({ databaseUrl: db.url })
  admin = await addUser(server, 'access_admin', { admin: true })
  member = await addUser(server, 'access_member')
})

afterAll(async () => {
  await server?.close()
  await db?.drop()
})

describe('the admin area is the admins’ alone', () => {
  it('finds the admin routes in the mounted routers', () => {
    const routes = adminRoutes().map((r) => `${r.method} ${r.path}`)
    // a sample the area cannot do without: if enumeration broke, these go missing and the test fails
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/admin/listings',
        'POST /api/admin/listings/:id/approve',
        'GET /api/admin/audit',
        'GET /api/admin/withdrawals',
        'GET /api/transactions/all',
        'PUT /api/admin/blog/:id',
        'DELETE /api/admin/blog/:id',
        'GET /api/admin/contact',
      ]),
    )
  })

  it('answers every admin route with 401 to a visitor and 403 to a signed-in user', async () => {
    const anonymous = new ApiClient(server.url)
    const wrong: string[] = []
    for (const route of adminRoutes()) {
      const asVisitor = await call(anonymous, route)
      const asMember = await call(member.client, route)
      if (asVisitor.status !== 401) wrong.push(`${route.method} ${route.path}: visitor got ${asVisitor.status}`)
      if (asMember.status !== 403) wrong.push(`${route.method} ${route.path}: user got ${asMember.status}`)
    }
    expect(wrong).toEqual([])
  })

  it('refuses them just the same when the path is written in another case, which the routes still match', async () => {
    const anonymous = new ApiClient(server.url)
    const wrong: string[] = []
    for (const route of adminRoutes()) {
      for (const variant of [route.path.toUpperCase(), route.path.replace(/\/admin\b/, '/Admin')]) {
        const spelled = { ...route, path: variant.replace(/:PLATFORM\b/g, ':platform').replace(/:([A-Z]+)\b/g, ':id') }
        const asVisitor = await call(anonymous, spelled)
        const asMember = await call(member.client, spelled)
        // 404 would be fine too (nothing there); only a guard skipped is wrong
        if (asVisitor.status !== 401 && asVisitor.status !== 404) wrong.push(`${route.method} ${spelled.path}: visitor got ${asVisitor.status}`)
        if (asMember.status !== 403 && asMember.status !== 404) wrong.push(`${route.method} ${spelled.path}: user got ${asMember.status}`)
      }
    }
    expect(wrong).toEqual([])
  })

  it('lets an admin through the same routes (no 401 or 403)', async () => {
    const refused: string[] = []
    for (const route of adminRoutes()) {
      const res = await call(admin.client, route)
      if (res.status === 401 || res.status === 403) refused.push(`${route.method} ${route.path}: ${res.status}`)
    }
    expect(refused).toEqual([])
  })
})

describe('the admin sign-in', () => {
  it('signs an admin in and says so in admin-me', async () => {
    const client = new ApiClient(server.url)
    const res = await client.post('/api/auth/admin-login', { username: admin.username, password: PASSWORD }, { origin: server.url })
    expect(res.status, res.text).toBe(200)
    // admins have two-factor on: the password alone signs nobody in
    expect(authEndpoints.postAuthAdminLogin.response.schema.parse(res.json)).toMatchObject({ requiresTwoFactor: true })
    expect((await client.get('/api/auth/admin-me')).status).toBe(401)
    const done = await client.post('/api/auth/2fa/verify', { recoveryCode: admin.recoveryCodes![0] }, { origin: server.url })
    expect(done.json).toMatchObject({ success: true, user: { username: admin.username, isAdmin: true } })
    expect((await client.get('/api/auth/admin-me')).json).toMatchObject({ user: { isAdmin: true } })
  })

  it('answers an admin who has not set up two-factor yet as its endpoint declares, and says so', async () => {
    const fresh = await addUser(server, 'fresh_admin')
    await server.orm.em.fork().nativeUpdate(User, { id: fresh.id }, { isAdmin: true })
    const client = new ApiClient(server.url)
    const res = await client.post('/api/auth/admin-login', { username: fresh.username, password: PASSWORD }, { origin: server.url })
    expect(res.status, res.text).toBe(200)
    const answer = authEndpoints.postAuthAdminLogin.response.schema.parse(res.json)
    expect(answer).toMatchObject({ success: true, user: { username: fresh.username, isAdmin: true, twoFactorEnabled: false } })
  })

  it('refuses an ordinary account with the right password, and leaves it signed out', async () => {
    const client = new ApiClient(server.url)
    const res = await client.post('/api/auth/admin-login', { username: member.username, password: PASSWORD }, { origin: server.url })
    expect(res.status).toBe(403)
    expect(res.json).toMatchObject({ error: { message: AUTH_MESSAGES.notAnAdmin } })
    expect((await client.get('/api/auth/me')).status).toBe(401)
  })

  it('refuses a wrong password like the ordinary sign-in', async () => {
    const client = new ApiClient(server.url)
    const res = await client.post('/api/auth/admin-login', { username: admin.username, password: 'not-the-password' }, { origin: server.url })
    expect(res.status).toBe(401)
    expect(res.json).toMatchObject({ error: { message: AUTH_MESSAGES.invalidCredentials } })
    expect((await client.get('/api/auth/admin-me')).status).toBe(401)
  })
})

describe('the admin’s socket powers', () => {
  it('lets only an admin write into a conversation they are not part of, as sender 999', async () => {
    const seller = await addUser(server, 'socket_seller')
    const opened = await member.client.post('/api/conversations', { sellerId: seller.id })
    expect(opened.status, opened.text).toBe(201)
    const conversationId = (opened.json as { id: number }).id
    const outsider = await addUser(server, 'socket_outsider')

    const intruder = await openSocket(server.url, outsider.client.cookieHeader)
    intruder.send({ type: 'authenticate', userId: outsider.id })
    await intruder.next('authenticated')
    intruder.send({ type: 'send_message', conversationId, content: 'let me in', clientId: 'outsider-1' })
    const refused = await intruder.next('send_message_error', (e) => e.clientId === 'outsider-1')
    expect(refused).toMatchObject({ code: 'not_found' })
    await intruder.close()

    const adminSocket = await openSocket(server.url, admin.client.cookieHeader)
    adminSocket.send({ type: 'authenticate', userId: 999 })
    await adminSocket.next('authenticated')
    adminSocket.send({ type: 'send_message', conversationId, content: 'An admin here: how can I help?', clientId: 'admin-1' })
    const sent = await adminSocket.next('message_sent', (e) => e.message.content === 'An admin here: how can I help?')
    expect(sent.message).toMatchObject({ senderId: 999, isFromAdmin: true })
    await adminSocket.close()

    const thread = await member.client.get(`/api/conversations/${conversationId}/messages`)
    const contents = (thread.json as unknown as { content: string }[]).map((m) => m.content)
    expect(contents).toContain('An admin here: how can I help?')
    expect(contents).not.toContain('let me in')
  })
})
