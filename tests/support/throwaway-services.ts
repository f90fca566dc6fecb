/**
 * A PostgreSQL cluster and a Redis server of a test's own, on free ports in a temporary folder, which the test may
 * stop and start again without touching the shared ones other tests use. Both are stopped (and the folder removed)
 * by `destroy`, and by the process's exit should the test die first.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Redis } from 'ioredis'
import pg from 'pg'
import { freePort } from './server-process'

const READY_TIMEOUT_MS = 60_000

/** PostgreSQL's programs: Debian keeps them per major version, out of PATH. */
function postgresBin(program: string): string {
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : []
  for (const version of versions) {
    const candidate = join(root, version, 'bin', program)
    if (existsSync(candidate)) return candidate
  }
  return program
}

/** PostgreSQL refuses to run as root: then its programs run as the `postgres` user, which owns the folder. */
function asPostgresUser(dir: string): (program: string, args: string[]) => string[] {
  if (process.getuid?.() !== 0) return (program, args) => [postgresBin(program), ...args]
  const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim())
  const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim())
  if (!Number.isInteger(uid) || !Number.isInteger(gid)) throw new Error('running as root, and there is no postgres user to run PostgreSQL as')
  chownSync(dir, uid, gid)
  return (program, args) => ['runuser', '-u', 'postgres', '--', postgresBin(program), ...args]
}

function run(command: string[]): void {
  const result = spawnSync(command[0]!, command.slice(1), { encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`${command.join(' ')} failed (${result.status}): ${result.stderr || result.stdout}`)
}

async function waitFor(what: string, ready: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (await ready()) return
    await new Promise((ok) => setTimeout(ok, 100))
  }
  throw new Error(`${what} did not come up within ${READY_TIMEOUT_MS / 1000} s`)
}

export interface ThrowawayPostgres {
  /** the `postgres` database on it; tests make their own with `createDatabase` */
  url: string
  createDatabase(name: string): Promise<string>
  /** stops at once, as a crash would: open connections are cut and recovery replays the WAL on the next start */
  stop(): Promise<void>
  start(): Promise<void>
  destroy(): Promise<void>
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'handover-pg-'))
  const data = join(dir, 'data')
  const port = await freePort()
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  const command = asPostgresUser(dir)
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`
  const pgCtl = (...args: string[]) => run(command('pg_ctl', ['-D', data, ...args]))
  const stopNow = () => {
    const [program, ...args] = command('pg_ctl', ['-D', data, 'stop', '-m', 'immediate', '-w'])
    spawnSync(program!, args)
  }
  const onExit = () => {
    stopNow()
    rmSync(dir, { recursive: true, force: true })
  }
  process.once('exit', onExit)

  const accepting = async () => {
    const client = new pg.Client({ connectionString: url })
    try {
      await client.connect()
      await client.query('select 1')
      return true
    } catch {
      return false
    } finally {
      await client.end().catch(() => {})
    }
  }
  const start = async () => {
    pgCtl('start', '-w', '-t', '60', '-l', join(dir, 'postgres.log'), '-o', options)
    await waitFor('the throwaway PostgreSQL', accepting)
  }

  try {
    run(command('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']))
    await start()
  } catch (err) {
    onExit()
    process.off('exit', onExit)
    throw err
  }

  return {
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        await client.query(`create database "${name}"`)
      } finally {
        await client.end()
      }
      return url.replace(/\/postgres$/, `/${name}`)
    },
    stop: async () => pgCtl('stop', '-m', 'immediate', '-w'),
    start,
    async destroy() {
      process.off('exit', onExit)
      onExit()
    },
  }
}

/** Whether a Redis server answers PING at this address now (one try, no retries). */
export async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null })
  client.on('error', () => {})
  try {
    await client.connect()
    return (await client.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    client.disconnect()
  }
}

export interface ThrowawayRedis {
  url: string
  /** ends the server at once (SIGKILL): connections drop, new ones are refused, and nothing it held survives */
  stop(): Promise<void>
  /** a new, empty server on the same port */
  start(): Promise<void>
  destroy(): Promise<void>
}

export async function startThrowawayRedis(): Promise<ThrowawayRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'handover-redis-'))
  const port = await freePort()
  const url = `redis://127.0.0.1:${port}`
  let child: ChildProcess | undefined
  const exited = (c: ChildProcess) => new Promise<void>((ok) => (c.exitCode !== null || c.signalCode !== null ? ok() : c.once('exit', () => ok())))
  const onExit = () => {
    child?.kill('SIGKILL')
    rmSync(dir, { recursive: true, force: true })
  }
  process.once('exit', onExit)

  const answers = () => redisAnswers(url)
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
      stdio: 'ignore',
    })
    const started = child
    await waitFor('the throwaway Redis', async () => {
      if (started.exitCode !== null) throw new Error(`redis-server exited with ${started.exitCode}`)
      return answers()
    })
  }
  const stop = async () => {
    const running = child
    child = undefined
    if (!running) return
    running.kill('SIGKILL')
    await exited(running)
  }

  try {
    await start()
  } catch (err) {
    onExit()
    process.off('exit', onExit)
    throw err
  }
  return {
    url,
    stop,
    start,
    async destroy() {
      await stop()
      process.off('exit', onExit)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
