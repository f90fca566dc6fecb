import type { AddressInfo } from 'node:net'
import Koa from 'koa'
import { afterEach, describe, expect, it } from 'vitest'
import { securityHeaders } from './security-headers'

const servers: { close(): void }[] = []
afterEach(() => {
  for (const server of servers.splice(0)) server.close()
})

/** The middleware in front of a page, and a route that sets its own policy as the API docs page does. */
async function headersOf(publicUrl: string, path = '/'): Promise<Headers> {
  const app = new Koa()
  app.use(securityHeaders({ publicUrl }))
  app.use((ctx) => {
    if (ctx.path === '/own-policy') ctx.set('Content-Security-Policy', "default-src 'none'")
    ctx.body = '<!doctype html><title>x</title>'
  })
  const server = app.listen(0, '127.0.0.1')
  servers.push(server)
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  return (await fetch(`http://127.0.0.1:${port}${path}`)).headers
}

describe('securityHeaders', () => {
  it("sends the app's CSP: scripts from its own origin only, no framing, no plugins", async () => {
    const headers = await headersOf('http://localhost:3000')
    const policy = headers.get('content-security-policy') ?? ''
    expect(policy).toContain("script-src 'self';")
    expect(policy).not.toMatch(/unsafe-eval/)
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).toContain("object-src 'none'")
    expect(policy).toContain("connect-src 'self' ws://localhost:3000")
    expect(policy).not.toContain('upgrade-insecure-requests')
    expect(headers.get('x-frame-options')).toBe('DENY')
    expect(headers.get('x-content-type-options')).toBe('nosniff')
    expect(headers.get('cross-origin-resource-policy')).toBe('same-origin')
  })

  it("keeps what the app relies on: the Origin header of its own writes and the payment popup's opener", async () => {
    const headers = await headersOf('http://localhost:3000')
    // no-referrer would make browsers send `Origin: null` on same-origin POSTs
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(headers.get('cross-origin-opener-policy')).toBeNull()
  })

  it('asks for HTTPS only where the site is served over TLS', async () => {
    expect((await headersOf('http://localhost:3000')).get('strict-transport-security')).toBeNull()
    const tls = await headersOf('https://handover.example')
    expect(tls.get('strict-transport-security')).toBe('max-age=31536000')
    expect(tls.get('content-security-policy')).toContain('upgrade-insecure-requests')
    expect(tls.get('content-security-policy')).toContain('wss://handover.example')
  })

  it('leaves a page that sets its own policy with that policy alone', async () => {
    expect((await headersOf('http://localhost:3000', '/own-policy')).get('content-security-policy')).toBe("default-src 'none'")
  })
})
