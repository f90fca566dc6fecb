/**
 * The chat at scale, against the real server in child processes, so their memory and CPU are their own and
 * not the clients': memory per authenticated socket at 10,000 sockets, and send → deliver latency of 1,000
 * people chatting in pairs, on one instance and on two sharing PostgreSQL and Redis.
 */
import { randomBytes } from 'node:crypto'
import { cpus } from 'node:os'
import { createTestDatabase } from '../support/database'
import { measureDelivery, type LatencyResult, type SendPath } from './chat-latency'
import { insertUsers, pairUp, signIn, type BenchConversation, type BenchUser } from './chat-users'
import { percentile } from './http-load'
import { spawnServer, type ServerProcess } from '../support/server-process'
import { BENCH_REDIS_URL, cleanupStack, spawnInstances } from './bench-processes'
import { measureSocketMemory, WARM_UP_SOCKETS, type SocketMemoryResult } from './socket-memory'

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000)
const SOCKET_USERS = 200
const CLIENTS = Number(process.env.BENCH_CHAT_CLIENTS ?? 1_000)
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 20)
const SEND_PATH: SendPath = process.env.BENCH_SEND_PATH === 'http' ? 'http' : 'ws'
/** conversations an admin has written in: their messages reach the admin's socket (999) too */
const ADMIN_JOINED = 50
export const AIM_KIB_PER_SOCKET = 40
export const AIM_P95_MS = { 1: 50, 2: 100 } as const

interface LatencyRow {
  instances: 1 | 2
  clients: number
  result: LatencyResult
  /** lines the servers logged (warnings, errors) while the run went on */
  logged: number
}

const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1)
const kib = (bytes: number) => (bytes / 1024).toFixed(1)
const ms = (sorted: number[], p: number) => (sorted.length ? percentile(sorted, p).toFixed(1) : '–')
const cores = (n: number) => n.toFixed(2)
const count = (n: number) => Math.round(n).toLocaleString('en')

function printMemory(m: SocketMemoryResult) {
  const perSocket = (key: 'vmRss' | 'heapUsed') => (m.loaded[key] - m.baseline[key]) / m.sockets
  const met = perSocket('vmRss') / 1024 <= AIM_KIB_PER_SOCKET
  console.log(
    `sockets: memory of one server process holding ${count(m.sockets)} authenticated sockets (${m.users} users, ${m.sockets / m.users} each).`,
  )
  console.log(
    `RSS from /proc/<pid>/status, V8 heap used after a full collection. Baseline: started, users signed in, ${count(WARM_UP_SOCKETS)} sockets opened and closed.\n`,
  )
  console.log('| server process | RSS MiB | V8 heap used MiB |')
  console.log('| --- | ---: | ---: |')
  console.log(`| baseline | ${mib(m.baseline.vmRss)} | ${mib(m.baseline.heapUsed)} |`)
  console.log(`| ${count(m.sockets)} authenticated sockets | ${mib(m.loaded.vmRss)} | ${mib(m.loaded.heapUsed)} |\n`)
  console.log(`| per socket | RSS KiB | V8 heap KiB | aim | met |`)
  console.log('| --- | ---: | ---: | ---: | --- |')
  console.log(
    `| ${count(m.sockets)} sockets, opened in ${m.openSeconds.toFixed(1)} s (${count(m.sockets / m.openSeconds)}/s) | ${kib(perSocket('vmRss'))} | ${kib(perSocket('heapUsed'))} | ≤ ${AIM_KIB_PER_SOCKET} KiB RSS | ${met ? 'yes' : '**no**'} |\n`,
  )
  const { idle } = m
  console.log(
    `| left alone for ${idle.seconds} s (one heartbeat: a ping per socket, their sessions read 500 to a query) | server CPU s | PostgreSQL CPU s | sockets still open |`,
  )
  console.log('| --- | ---: | ---: | ---: |')
  console.log(
    `| ${count(m.sockets)} sockets | ${idle.serverCpuSeconds.toFixed(1)} | ${idle.databaseCpuSeconds.toFixed(1)} | ${count(idle.stillOpen)} |\n`,
  )
}

function printLatency(rows: LatencyRow[]) {
  const path = SEND_PATH === 'ws' ? 'WebSocket `send_message`' : 'HTTP `POST …/messages`'
  console.log(`chat: conversations of two, buyer on the first instance and seller on the last, each sending one message a second`)
  console.log(`(sends spread evenly): half the clients for ${Math.ceil(SECONDS / 2)} s, then all of them for ${SECONDS} s, each after a warm-up.`)
  console.log(`An admin's socket (999) hears ${ADMIN_JOINED} of the conversations.`)
  console.log("Latency: from just before the send to `new_message` at the other party's socket, timed in the clients' process.")
  console.log('Connect: opening every socket until all are authenticated and the presence announcements (each user to every socket) are over.\n')
  console.log('| instances | send path | clients | sent/s | delivered/s | p50 ms | p95 ms | p99 ms | aim p95 | met |')
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |')
  for (const { instances, clients, result: r } of rows) {
    const aim = AIM_P95_MS[instances]
    const met = r.deliverMs.length > 0 && percentile(r.deliverMs, 95) <= aim && r.lost === 0 && Object.keys(r.errors).length === 0
    console.log(
      `| ${instances} | ${path} | ${count(clients)} | ${count(r.sent / r.seconds)} | ${count(r.delivered / r.seconds)} | ${ms(r.deliverMs, 50)} | ${ms(r.deliverMs, 95)} | ${ms(r.deliverMs, 99)} | ≤ ${aim} ms | ${met ? 'yes' : '**no**'} |`,
    )
  }
  console.log(`\nCPU: cores busy during the measured window (1.00 is one core all the time; this machine has ${cpus().length}); anything else is`)
  console.log("other processes, the kernel and the hypervisor's steal.\n")
  console.log(
    '| instances | clients | connect s | `message_sent` to sender p95 ms | admin (999) p95 ms | not delivered within 5 s | errors | client loop delay p99 ms | CPU cores: servers / clients / PostgreSQL / Redis / anything else |',
  )
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | --- |')
  for (const { instances, clients, result: r, logged } of rows) {
    const errors = Object.entries(r.errors).map(([code, n]) => `${code} × ${n}`)
    if (logged > 0) errors.push(`${logged} server log lines`)
    const ours = r.cpu.servers.reduce((sum, n) => sum + n, 0) + r.cpu.client + r.cpu.database + r.cpu.redis
    const cpu = [
      r.cpu.servers.map(cores).join(' + '),
      cores(r.cpu.client),
      cores(r.cpu.database),
      cores(r.cpu.redis),
      cores(Math.max(0, r.cpu.machine - ours)),
    ].join(' / ')
    console.log(
      `| ${instances} | ${count(clients)} | ${r.connectSeconds.toFixed(1)} | ${ms(r.ackMs, 95)} | ${ms(r.adminMs, 95)} | ${count(r.lost)} | ${errors.join(', ') || 'none'} | ${r.clientLoopDelayP99Ms.toFixed(1)} | ${cpu} |`,
    )
  }
  console.log('')
}

/**
 * Half the clients first, then all of them, on the same instances. The first warm-up is the longer: fresh
 * instances compile their code and open their database connections in their first seconds of sends.
 */
async function latencyRuns(instances: ServerProcess[], conversations: BenchConversation[], admin: BenchUser): Promise<LatencyRow[]> {
  const rows: LatencyRow[] = []
  for (const share of [0.5, 1]) {
    const subset = conversations.slice(0, Math.round(conversations.length * share))
    const loggedBefore = instances.reduce((n, instance) => n + instance.output().length, 0)
    const result = await measureDelivery({
      instances,
      conversations: subset,
      admin,
      path: SEND_PATH,
      warmUpSeconds: share < 1 ? 8 : 3,
      seconds: share < 1 ? Math.ceil(SECONDS / 2) : SECONDS,
      label: `${instances.length}i${subset.length}`,
    })
    const logged = instances.reduce((n, instance) => n + instance.output().length, 0) - loggedBefore
    rows.push({ instances: instances.length === 1 ? 1 : 2, clients: subset.length * 2, result, logged })
  }
  return rows
}

export async function socketsBench(): Promise<void> {
  const cleanup = cleanupStack()
  const started = performance.now()
  try {
    const db = await createTestDatabase()
    cleanup.add(() => db.drop())
    const sessionSecret = randomBytes(32).toString('hex')
    printMemory(await measureSocketMemory({ databaseUrl: db.url, sessionSecret, sockets: SOCKETS, users: SOCKET_USERS }))

    const one = await spawnServer({ databaseUrl: db.url, sessionSecret })
    cleanup.add(() => one.stop())
    // sessions live in the database, so these sign-ins hold on every instance sharing it and the secret
    const people = await signIn(one.url, await insertUsers(db.url, 'chat_', CLIENTS))
    const [admin] = await signIn(one.url, await insertUsers(db.url, 'chat_admin_', 1, true), true)
    const conversations = await pairUp(db.url, people, { user: admin!, joined: ADMIN_JOINED })
    const rows = await latencyRuns([one], conversations, admin!)
    await one.stop()

    const pair = await spawnInstances(2, { databaseUrl: db.url, sessionSecret }, cleanup)
    if (pair) {
      rows.push(...(await latencyRuns(pair, conversations, admin!)))
      await Promise.all(pair.map((instance) => instance.stop()))
    } else {
      console.log(`chat on two instances: skipped, no Redis at ${BENCH_REDIS_URL} (set BENCH_REDIS_URL)\n`)
    }
    printLatency(rows)
  } finally {
    await cleanup.run()
  }
  console.log(`sockets part: ${((performance.now() - started) / 1000).toFixed(0)} s\n`)
}
