import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'

/**
 * Connections a pool may open to the embedded database: one. The socket in front of PGlite runs its clients'
 * protocol messages one at a time and, outside a transaction, takes turns between connections message by message;
 * a statement with values is several messages (parse, bind, execute), so two connections' statements interleave and
 * one binds or reads the other's (a session read answered with another person's session). Over one connection each
 * statement arrives whole; PGlite runs one at a time anyway.
 */
export const EMBEDDED_POOL_SIZE = 1

export interface EmbeddedDatabase {
  url: string
  stop(): Promise<void>
}

/** Another process has the embedded database's folder open: a message for the person who started this one. */
export class EmbeddedDatabaseInUse extends Error {}

/** The process that holds the lock file, when it is still running. */
function liveHolder(lockFile: string): number | null {
  let pid: number
  try {
    pid = Number(readFileSync(lockFile, 'utf8').trim())
  } catch {
    return null
  }
  if (!Number.isInteger(pid) || pid <= 0) return null
  try {
    process.kill(pid, 0)
    return pid
  } catch (err) {
    // EPERM: it runs, as another user
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : null
  }
}

/**
 * Claims the data folder for this process: `<dataDir>/pglite.lock` holds its pid. PGlite has no lock of its own, and
 * two processes writing one data folder (the server and `npm run ledger:verify`, or two servers) would corrupt it. A
 * lock left by a process that is gone (killed, or the machine restarted) is taken over.
 */
function lockDataDir(lockFile: string, dir: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' })
      return () => {
        if (liveHolder(lockFile) === process.pid) unlinkSync(lockFile)
      }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      const holder = liveHolder(lockFile)
      if (holder !== null) {
        throw new EmbeddedDatabaseInUse(
          `The embedded database in ${dir} is in use by another process (pid ${holder}). Stop it first, or set DATABASE_URL to use a PostgreSQL server. ` +
            `If process ${holder} is not Handover, delete ${lockFile}.`,
        )
      }
      unlinkSync(lockFile)
    }
  }
  throw new Error(`Could not lock the embedded database in ${dir}`)
}

/**
 * Real PostgreSQL (PGlite, compiled to WASM) kept in `<dataDir>/pglite`, served on a loopback port
 * through the Postgres wire protocol, so the app reaches it with the same driver as a real server.
 * PGlite runs one transaction at a time: code inside a transaction must use that transaction's context. One process
 * at a time opens a data folder (`pglite.lock`).
 */
export async function startEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  const dir = resolve(join(dataDir, 'pglite'))
  mkdirSync(dir, { recursive: true })
  const unlock = lockDataDir(resolve(join(dataDir, 'pglite.lock')), dir)
  try {
    const db = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } })
    const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 10 })
    await server.start()
    const conn = server.getServerConn() // "127.0.0.1:PORT"
    return {
      url: `postgres://postgres@${conn}/postgres`,
      async stop() {
        try {
          await server.stop()
          await db.close()
        } finally {
          unlock()
        }
      },
    }
  } catch (err) {
    unlock()
    throw err
  }
}
