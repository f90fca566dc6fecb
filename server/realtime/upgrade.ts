import { STATUS_CODES, type IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'

/** Answers a refused upgrade with a plain HTTP status; the socket has no HTTP response object yet. */
export function rejectUpgrade(socket: Duplex, status: 401 | 403 | 500 | 503): void {
  if (socket.destroyed) return
  const message = STATUS_CODES[status] ?? 'Error'
  socket.once('finish', () => socket.destroy())
  socket.end(
    `HTTP/1.1 ${status} ${message}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(message)}\r\n\r\n${message}`,
  )
}

export function pathOf(req: IncomingMessage): string {
  try {
    return new URL(req.url ?? '/', 'http://localhost').pathname
  } catch {
    return ''
  }
}

/**
 * Browsers always send Origin on a WebSocket handshake, so a foreign one is a cross-site page riding on the
 * user's cookie. A missing Origin means a non-browser client, which cannot borrow anyone's cookie.
 */
export function originAllowed(req: IncomingMessage, allowed: string[]): boolean {
  const origin = req.headers.origin
  return origin === undefined || allowed.includes(origin)
}
