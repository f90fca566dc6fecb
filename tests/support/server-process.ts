/**
 * The real server in a child process, started like `npm start` (`server/main.ts` through tsx), so its
 * memory is its own, the bench's clients do not share its event loop, and a test can kill it outright.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import type { MemoryReport } from '../bench/memory-probe'

const ROOT = resolve(import.meta.dirname, '..', '..')
const PROBE = './tests/bench/memory-probe.ts'
const READY_TIMEOUT_MS = 60_000
const MAX_OUTPUT_LINES = 1_000

export interface ServerProcessOptions {
  databaseUrl: string
  sessionSecret: string
  redisUrl?: string
  redisPrefix?: string
  /** writes a V8 CPU profile into this folder when the process exits; BENCH_CPU_PROF by default */
  cpuProfileDir?: string
  /** a free one by default; a restarted server takes its predecessor's */
  port?: number
  /** LOG_LEVEL, warn by default; info keeps the mail a server without SMTP_URL prints, as `npm start` shows it */
  logLevel?: 'warn' | 'info'
  /** further settings (PUBLIC_URL, TRUST_PROXY, INSTANCE_NAME behind a proxy), applied last */
  env?: Record<string, string>
  /** how long to wait for /healthz; 60 s by default, more for a start that loads the demo data */
  readyTimeoutMs?: number
}

export interface ServerProcess {
  url: string
  pid: number
  /** what the process has written (warnings and errors unless logLevel says info), kept out of the bench's tables */
  output(): string[]
  /** memory after a full collection, as the process sees it, and VmRSS as the kernel counts it */
  memory(): Promise<MemoryReport & { vmRss: number }>
  stop(): Promise<void>
  /** SIGKILL, as a crash or an OOM kill would: no shutdown, no flush, open transactions cut */
  kill(): Promise<void>
}

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((ok, fail) => probe.once('error', fail).listen(0, '127.0.0.1', ok))
  const address = probe.address()
  await new Promise<void>((ok) => probe.close(() => ok()))
  if (!address || typeof address === 'string') throw new Error('no free port')
  return address.port
}

/** VmRSS of a process in bytes, from /proc (Linux). */
export function vmRss(pid: number): number {
  const line = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  if (!line) throw new Error(`no VmRSS for process ${pid}`)
  return Number(line[1]) * 1024
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((ok) => (child.exitCode !== null || child.signalCode !== null ? ok() : child.once('exit', () => ok())))
}

async function waitUntilReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let gone = false
  void exited(child).then(() => (gone = true))
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the server process exited with ${child.exitCode ?? child.signalCode} before it was ready`)
    const ok = await fetch(`${url}/healthz`).then(
      (res) => res.ok,
      () => false,
    )
    if (ok) return
    await new Promise((done) => setTimeout(done, 100))
  }
  throw new Error(`the server process did not answer ${url}/healthz within ${timeoutMs / 1000} s`)
}

export async function spawnServer(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort())
  const url = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(join(tmpdir(), 'handover-bench-'))
  const { REDIS_URL: _redis, DATABASE_URL: _database, ...inherited } = process.env
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATABASE_URL: options.databaseUrl,
    SESSION_SECRET: options.sessionSecret,
    DATA_DIR: dataDir,
    LOG_LEVEL: options.logLevel ?? 'warn',
    SEED_DEMO: 'false',
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl, REDIS_PREFIX: options.redisPrefix ?? 'handover' } : {}),
    ...options.env,
  }
  const profileDir = options.cpuProfileDir ?? process.env.BENCH_CPU_PROF
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []
  const child = spawn(process.execPath, ['--expose-gc', ...profile, '--import', 'tsx', '--import', PROBE, 'server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  })
  const lines: string[] = []
  for (const input of [child.stdout!, child.stderr!]) {
    createInterface({ input }).on('line', (line) => {
      if (line.trim() && lines.length < MAX_OUTPUT_LINES) lines.push(line)
    })
  }
  // should the bench itself die, the server and its folder must not outlive it
  const killOnExit = () => {
    child.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  }
  process.once('exit', killOnExit)

  async function stop() {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const killed = setTimeout(() => child.kill('SIGKILL'), 15_000)
      await exited(child)
      clearTimeout(killed)
    }
    process.off('exit', killOnExit)
    rmSync(dataDir, { recursive: true, force: true })
  }

  try {
    await waitUntilReady(url, child, options.readyTimeoutMs ?? READY_TIMEOUT_MS)
  } catch (err) {
    await stop()
    throw new Error(`${err instanceof Error ? err.message : String(err)}\n${lines.slice(0, 40).join('\n')}`)
  }

  return {
    url,
    pid: child.pid!,
    output: () => [...lines],
    stop,
    async kill() {
      child.kill('SIGKILL')
      await exited(child)
      await stop()
    },
    memory: () =>
      new Promise((ok, fail) => {
        const timer = setTimeout(() => fail(new Error('the server process did not report its memory')), 30_000)
        child.once('message', (report: MemoryReport) => {
          clearTimeout(timer)
          ok({ ...report, vmRss: vmRss(child.pid!) })
        })
        child.send('memory')
      }),
  }
}
