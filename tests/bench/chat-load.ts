/** The load side of the chat bench: who sends, how sends go out, and when. */
import { Agent, request, type ClientRequest } from 'node:http'
import type WebSocket from 'ws'
import type { BenchUser } from './chat-users'
import type { ServerProcess } from '../support/server-process'

export type SendPath = 'http' | 'ws'

export interface Participant {
  user: BenchUser
  conversationId: number
  instance: ServerProcess
  socket?: WebSocket
}

/** HTTP sends over keep-alive connections, each with its sender's session cookie, like the website's fetch. */
export function httpSender() {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 })
  const inFlight = new Set<ClientRequest>()
  let closed = false
  return {
    send(participant: Participant, body: string, onError: (code: string) => void) {
      const req = request(
        `${participant.instance.url}/api/conversations/${participant.conversationId}/messages`,
        { method: 'POST', agent, headers: { cookie: participant.user.cookie, 'content-type': 'application/json' } },
        (res) => {
          res.resume()
          if (res.statusCode !== 201) onError(`http ${res.statusCode}`)
        },
      )
      inFlight.add(req)
      req.on('close', () => inFlight.delete(req))
      // requests cut at the end are counted as not delivered, not as errors
      req.on('error', (err) => closed || onError(err.message))
      req.end(body)
    },
    close() {
      closed = true
      for (const req of inFlight) req.destroy()
      agent.destroy()
    },
  }
}

/**
 * Participant i sends its n-th message at second n + i / count: one message a second each, and the whole
 * crowd's sends evenly spread instead of a burst at every whole second.
 */
export async function runSchedule(participants: Participant[], seconds: number, send: (p: Participant, n: number, atSecond: number) => void) {
  const total = participants.length * seconds
  const started = performance.now()
  let next = 0
  await new Promise<void>((done) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * participants.length) + 1)
      for (; next < due; next++) {
        const n = Math.floor(next / participants.length)
        send(participants[next % participants.length]!, n, next / participants.length)
      }
      if (next >= total) {
        clearInterval(timer)
        done()
      }
    }, 1)
  })
}

/** Polls until `done` holds or `timeoutMs` have passed; never fails (the caller counts what did not happen). */
export async function waitUntil(done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs
  while (performance.now() < deadline && !done()) await new Promise((ok) => setTimeout(ok, 50))
}
