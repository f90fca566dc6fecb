/**
 * Memory of one server process holding many authenticated sockets: measured before and after opening them,
 * each time after a full garbage collection, in the server's own process (the clients live in the bench's).
 */
import WebSocket from 'ws'
import { WS_HEARTBEAT_MS } from '../../server/realtime/gateway'
import { insertUsers, signIn } from './chat-users'
import { startCpuMeter } from './cpu-meter'
import { spawnServer } from '../support/server-process'
import { closeCrowd, openCrowd } from './socket-crowd'

export interface SocketMemoryResult {
  sockets: number
  users: number
  openSeconds: number
  baseline: { rss: number; heapUsed: number; vmRss: number; external: number }
  loaded: { rss: number; heapUsed: number; vmRss: number; external: number }
  /** the sockets left alone for one heartbeat: every one is pinged and its session read again */
  idle: { seconds: number; serverCpuSeconds: number; databaseCpuSeconds: number; stillOpen: number }
}

/** Sockets opened and closed before the baseline, so code loaded and compiled on first use is not counted per socket. */
export const WARM_UP_SOCKETS = 200

export async function measureSocketMemory(options: {
  databaseUrl: string
  sessionSecret: string
  sockets: number
  users: number
}): Promise<SocketMemoryResult> {
  const server = await spawnServer({ databaseUrl: options.databaseUrl, sessionSecret: options.sessionSecret })
  let sockets: WebSocket[] = []
  try {
    const users = await signIn(server.url, await insertUsers(options.databaseUrl, 'mem_', options.users))
    const specs = (count: number) => Array.from({ length: count }, (_, i) => ({ baseUrl: server.url, user: users[i % users.length]! }))
    await closeCrowd(await openCrowd(specs(WARM_UP_SOCKETS)))
    await new Promise((ok) => setTimeout(ok, 500))
    const baseline = await server.memory()
    const started = performance.now()
    sockets = await openCrowd(specs(options.sockets))
    const openSeconds = (performance.now() - started) / 1000
    // presence announcements and rosters are still being written to the sockets for a moment
    await new Promise((ok) => setTimeout(ok, 1_000))
    const loaded = await server.memory()
    const seconds = WS_HEARTBEAT_MS / 1000 + 1
    const meter = startCpuMeter([server.pid])
    await new Promise((ok) => setTimeout(ok, seconds * 1000))
    const cpu = meter.stop()
    const idle = {
      seconds,
      serverCpuSeconds: cpu.servers[0]! * seconds,
      databaseCpuSeconds: cpu.database * seconds,
      stillOpen: sockets.filter((socket) => socket.readyState === WebSocket.OPEN).length,
    }
    return { sockets: sockets.length, users: users.length, openSeconds, baseline, loaded, idle }
  } finally {
    // the server closes its sockets on the way down (1012), which is quicker than 10,000 client closes
    await server.stop()
    await closeCrowd(sockets)
  }
}
