import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'

export interface EmbeddedDatabase {
  url: string
  stop(): Promise<void>
}

/**
 * Real PostgreSQL (PGlite, compiled to WASM) kept in `<dataDir>/pglite`, served on a loopback port
 * through the Postgres wire protocol, so the app reaches it with the same driver as a real server.
 * PGlite runs one transaction at a time: code inside a transaction must use that transaction's context.
 */
export async function startEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  const dir = resolve(join(dataDir, 'pglite'))
  mkdirSync(dir, { recursive: true })
  const db = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } })
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 10 })
  await server.start()
  const conn = server.getServerConn() // "127.0.0.1:PORT"
  return {
    url: `postgres://postgres@${conn}/postgres`,
    async stop() {
      await server.stop()
      await db.close()
    },
  }
}
