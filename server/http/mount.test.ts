import type { AddressInfo } from 'node:net'
import Router from '@koa/router'
import Koa from 'koa'
import { afterEach, describe, expect, it } from 'vitest'
import { endpoints } from '@shared/api/endpoint'
import type { AppState } from './context'
import { HttpError } from './errors'
import { mount } from './mount'

const servers: { close(): void }[] = []
afterEach(() => {
  for (const server of servers.splice(0)) server.close()
})

/** Endpoints whose handlers check nothing themselves: whatever refuses a caller is the declaration's guard. */
const table = endpoints('test', {
  open: { method: 'GET', path: '/api/test/open', summary: 'anyone', auth: 'anonymous' },
  own: { method: 'POST', path: '/api/test/items/:id', summary: 'a session', auth: 'signed-in' },
  admins: { method: 'GET', path: '/api/test/admin', summary: 'admins', auth: 'admin' },
  steps: { method: 'POST', path: '/api/test/items/:id/go', mountedAs: '/api/test/items/:id/:step', summary: 'a step', auth: 'signed-in' },
})

async function serve(session: { userId?: number } | null) {
  const router = new Router<AppState>()
  mount(router, table.open, (ctx) => void (ctx.body = 'open'))
  mount(router, table.own, (ctx) => void (ctx.body = `item ${ctx.params.id}`))
  mount(router, table.admins, (ctx) => void (ctx.body = 'admin'))
  mount(router, table.steps, (ctx) => void (ctx.body = `step ${ctx.params.step}`))
  const app = new Koa<AppState>()
  app.use(async (ctx, next) => {
    try {
      await next()
    } catch (error) {
      ctx.status = error instanceof HttpError ? error.status : 500
    }
  })
  app.use(async (ctx, next) => {
    Object.defineProperty(ctx, 'session', { value: session })
    await next()
  })
  app.use(router.routes())
  const server = app.listen(0, '127.0.0.1')
  servers.push(server)
  await new Promise((resolve) => server.once('listening', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return async (method: string, path: string) => {
    const res = await fetch(base + path, { method })
    return { status: res.status, body: await res.text() }
  }
}

describe('mount', () => {
  it('serves each endpoint on its declared method and path, a step on the pattern it shares', async () => {
    const request = await serve({ userId: 7 })
    expect(await request('GET', '/api/test/open')).toEqual({ status: 200, body: 'open' })
    expect(await request('POST', '/api/test/items/3')).toEqual({ status: 200, body: 'item 3' })
    expect(await request('POST', '/api/test/items/3/go')).toEqual({ status: 200, body: 'step go' })
    expect((await request('GET', '/api/test/items/3')).status).toBe(404)
  })

  it('refuses a visitor what the declaration keeps for the signed in or the admins, before the handler runs', async () => {
    const request = await serve(null)
    expect(await request('GET', '/api/test/open')).toEqual({ status: 200, body: 'open' })
    expect((await request('POST', '/api/test/items/3')).status).toBe(401)
    expect((await request('POST', '/API/TEST/ITEMS/3')).status).toBe(401)
    expect((await request('POST', '/api/test/items/3/go')).status).toBe(401)
    expect((await request('GET', '/api/test/admin')).status).toBe(401)
    expect((await request('GET', '/Api/Test/Admin')).status).toBe(401)
  })
})
