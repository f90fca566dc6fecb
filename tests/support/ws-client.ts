import type { IncomingHttpHeaders } from 'node:http'
import WebSocket from 'ws'
import type { ServerEvent } from '../../src/shared/realtime/events'

/** A WebSocket client that remembers every event, so a test can wait for one. */
export async function openSocket(baseUrl: string, cookie: string, origin = baseUrl) {
  const url = baseUrl.replace(/^http/, 'ws') + '/ws'
  const socket = new WebSocket(url, { headers: { cookie, origin } })
  const events: ServerEvent[] = []
  // the handshake's answer (X-Instance names the instance behind a proxy)
  let upgradeHeaders: IncomingHttpHeaders = {}
  socket.once('upgrade', (res) => (upgradeHeaders = res.headers))
  socket.on('message', (data) => events.push(JSON.parse(String(data)) as ServerEvent))
  await new Promise<void>((ok, fail) => {
    socket.once('open', () => ok())
    socket.once('error', fail)
    socket.once('unexpected-response', (_req, res) => fail(new Error(`upgrade refused: ${res.statusCode}`)))
  })
  async function next<T extends ServerEvent['type']>(
    type: T,
    match: (e: Extract<ServerEvent, { type: T }>) => boolean = () => true,
    timeoutMs = 5_000,
  ) {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = events.find((e) => e.type === type && match(e as Extract<ServerEvent, { type: T }>))
      if (found) return found as Extract<ServerEvent, { type: T }>
      if (Date.now() > deadline) throw new Error(`no ${type} within ${timeoutMs} ms; got ${events.map((e) => e.type).join(', ')}`)
      await new Promise((ok) => setTimeout(ok, 25))
    }
  }
  return {
    socket,
    events,
    upgradeHeaders,
    next,
    send: (message: object) => socket.send(JSON.stringify(message)),
    close: () => new Promise<void>((ok) => (socket.readyState === WebSocket.CLOSED ? ok() : (socket.once('close', () => ok()), socket.close(1000)))),
  }
}
