import WebSocket from 'ws'
import type { ServerEvent } from '../../src/shared/realtime/events'
import { mapLimit, type BenchUser } from './chat-users'

const AUTH_TIMEOUT_MS = 30_000

export interface SocketSpec {
  baseUrl: string
  user: BenchUser
  /** the id to authenticate as: the user's own, or 999 for an admin */
  as?: number
  /** every frame after `authenticated`, unparsed: the clients parse only what they measure */
  onFrame?: (text: string) => void
}

/**
 * A socket that has done what the website's client does (`src/renderer/lib/ws-client.ts`): upgrade with the
 * session cookie and the site's Origin, send `authenticate`, wait for `authenticated`.
 */
export function openAuthenticated({ baseUrl, user, as = user.id, onFrame }: SocketSpec): Promise<WebSocket> {
  return new Promise((ok, fail) => {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`, {
      headers: { cookie: user.cookie, origin: baseUrl },
      perMessageDeflate: false,
    })
    const timer = setTimeout(
      () => done(new Error(`socket of ${user.username} not authenticated within ${AUTH_TIMEOUT_MS / 1000} s`)),
      AUTH_TIMEOUT_MS,
    )
    let settled = false
    function done(err?: Error) {
      if (settled) return
      settled = true
      clearTimeout(timer)
      socket.off('message', onHandshake)
      if (!err) return ok(socket)
      socket.terminate()
      fail(err)
    }
    function onHandshake(data: WebSocket.RawData) {
      const event = JSON.parse(String(data)) as ServerEvent
      if (event.type === 'authenticated') {
        if (onFrame) socket.on('message', (raw) => onFrame(String(raw)))
        done()
      } else if (event.type === 'auth_error') done(new Error(`auth_error for ${user.username}: ${event.message}`))
    }
    socket.on('message', onHandshake)
    socket.once('open', () => socket.send(JSON.stringify({ type: 'authenticate', userId: as })))
    socket.once('unexpected-response', (_req, res) => done(new Error(`upgrade refused: ${res.statusCode}`)))
    socket.once('error', (err) => done(err))
    socket.once('close', (code) => done(new Error(`socket closed with ${code} before authenticating`)))
  })
}

/** Opens every socket, `concurrency` handshakes at a time (a burst of thousands would overflow the listen backlog). */
export function openCrowd(specs: SocketSpec[], concurrency = 100): Promise<WebSocket[]> {
  return mapLimit(specs, concurrency, (spec) => openAuthenticated(spec))
}

/** Closes every socket and waits for the closing handshakes, cutting the ones that take longer than 5 s. */
export async function closeCrowd(sockets: WebSocket[]): Promise<void> {
  const open = sockets.filter((socket) => socket.readyState !== WebSocket.CLOSED)
  const closed = open.map((socket) => new Promise<void>((ok) => socket.once('close', () => ok())))
  for (const socket of open) socket.close(1000)
  const cut = setTimeout(() => open.forEach((socket) => socket.terminate()), 5_000)
  await Promise.all(closed)
  clearTimeout(cut)
}
