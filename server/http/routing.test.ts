import type { AddressInfo } from 'node:net'
import Router from '@koa/router'
import Koa from 'koa'
import { afterEach, describe, expect, it } from 'vitest'
import type { AppState } from './context'
import { mountRouter, routerPrefixes, staticPrefix } from './routing'

const servers: { close(): void }[] = []
afterEach(() => {
  for (const server of servers.splice(0)) server.close()
})

/** Counts the requests a router looked at: it checks the host of every request it is given. */
class CountingHost extends RegExp {
  looked = 0
  override test(host: string): boolean {
    this.looked++
    return super.test(host)
  }
}

function deals(host?: RegExp): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/transactions', host })
  router.use(async (_ctx, next) => next())
  router.get('/', (ctx) => void (ctx.body = 'list'))
  router.post('/:id/:step', (ctx) => void (ctx.body = `step ${ctx.params.step}`))
  return router
}

/** The routers mounted in order, then a fallback 404. */
async function serve(routers: Router<AppState>[]) {
  const app = new Koa<AppState>()
  for (const router of routers) app.use(mountRouter(router))
  app.use((ctx) => {
    ctx.status = 404
    ctx.body = 'none'
  })
  const server = app.listen(0, '127.0.0.1')
  servers.push(server)
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  return async (method: string, path: string) => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { method })
    return { status: res.status, body: await res.text(), allow: res.headers.get('allow') }
  }
}

describe('routing', () => {
  it('takes the static start of a route, lower-cased', () => {
    expect(staticPrefix('/api/transactions/:id/:step')).toBe('/api/transactions/')
    expect(staticPrefix('/API/Trustap/connection')).toBe('/api/trustap/connection')
    expect(staticPrefix('/api/admin/listings(.*)')).toBe('/api/admin/listings')
    expect(staticPrefix('/media/*path')).toBe('/media/')
  })

  it('covers a router with its fewest prefixes, and gives up on a route that could match anything', () => {
    expect(routerPrefixes(deals())).toEqual(['/api/transactions'])
    const root = new Router<AppState>()
    root.get('/robots.txt', (ctx) => void (ctx.body = 'x'))
    root.get('/:page', (ctx) => void (ctx.body = 'x'))
    expect(routerPrefixes(root)).toBeNull()
  })

  it('answers through the router whose routes match, whatever the case, with 405 for a method it lacks', async () => {
    const other = new Router<AppState>({ prefix: '/api/blog' })
    other.get('/', (ctx) => void (ctx.body = 'blog'))
    const request = await serve([other, deals()])
    expect(await request('GET', '/api/transactions')).toMatchObject({ status: 200, body: 'list' })
    expect(await request('POST', '/API/Transactions/7/pay')).toMatchObject({ status: 200, body: 'step pay' })
    expect(await request('DELETE', '/api/transactions')).toMatchObject({ status: 405, allow: 'HEAD, GET' })
    expect(await request('GET', '/api/blog')).toMatchObject({ status: 200, body: 'blog' })
  })

  it('lets a request pass the routers none of whose routes could match it', async () => {
    const host = new CountingHost('.*')
    const request = await serve([deals(host), deals(host)])
    // both routers look at a path under their prefix (and find no route), neither at another
    expect(await request('GET', '/api/transactionsx')).toMatchObject({ status: 404, body: 'none' })
    expect(host.looked).toBe(2)
    expect(await request('GET', '/api/other')).toMatchObject({ status: 404, body: 'none' })
    expect(host.looked).toBe(2)
  })
})
