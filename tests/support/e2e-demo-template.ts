/**
 * The end-to-end suite's demo data, made once per run: a database seeded as `npm start` seeds an empty one (by the
 * real server, with its banners drawn into one media folder), kept as a template that each file's site copies.
 * Copying a database is a file copy in PostgreSQL; seeding it was migrations, argon2 hashes, a year of sales and
 * two hundred drawn banners again in every file, on the suite's busy cores.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { createTestDatabase } from './database'
import { startTestServer } from './server'

declare module 'vitest' {
  export interface ProvidedContext {
    /** the seeded database each demo site copies, and the media folder its files are in */
    demoTemplate: { database: string; mediaDir: string }
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const db = await createTestDatabase()
  const mediaDir = mkdtempSync(join(tmpdir(), 'handover-demo-media-'))
  const server = await startTestServer({ databaseUrl: db.url, env: { SEED_DEMO: 'true', MEDIA_DIR: mediaDir } })
  // a template is copied only while nobody is connected to it
  await server.close()
  project.provide('demoTemplate', { database: new URL(db.url).pathname.slice(1), mediaDir })
  return async () => {
    await db.drop()
    rmSync(mediaDir, { recursive: true, force: true })
  }
}
