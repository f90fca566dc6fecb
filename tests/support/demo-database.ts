import pg from 'pg'
import { inject } from 'vitest'
import { ADMIN_DATABASE_URL, createTestDatabase, type TestDatabase } from './database'
import { startTestServer } from './server'

let made: Promise<void> | undefined

/**
 * Makes the run's demo template unless a file (in this worker or another) made it already: under an advisory lock, so
 * the workers wait for one seeding; seeded under another name and renamed once whole, so a seeding that failed is
 * never copied.
 */
async function makeTemplate(template: string, mediaDir: string): Promise<void> {
  const lock = new pg.Client({ connectionString: ADMIN_DATABASE_URL })
  await lock.connect()
  let seeding: TestDatabase | undefined
  try {
    await lock.query('select pg_advisory_lock(hashtext($1))', [template])
    if ((await lock.query('select 1 from pg_database where datname = $1', [template])).rowCount) return
    seeding = await createTestDatabase()
    const server = await startTestServer({ databaseUrl: seeding.url, env: { SEED_DEMO: 'true', MEDIA_DIR: mediaDir } })
    // a template is copied only while nobody is connected to it
    await server.close()
    await lock.query(`alter database "${new URL(seeding.url).pathname.slice(1)}" rename to "${template}"`)
    seeding = undefined
  } catch (err) {
    await seeding?.drop().catch(() => undefined)
    throw err
  } finally {
    await lock.query('select pg_advisory_unlock(hashtext($1))', [template]).catch(() => undefined)
    await lock.end()
  }
}

/** A test file's own copy of the demo data (SEED_DEMO on an empty database), made once per run. */
export async function createDemoDatabase(): Promise<TestDatabase> {
  const { template, mediaDir } = inject('demoRun')
  made ??= makeTemplate(template, mediaDir)
  await made
  return createTestDatabase(template)
}

/** A server's settings for a copy of the demo data: its banners are in the run's media folder. */
export function demoEnv(): Record<string, string> {
  return { SEED_DEMO: 'true', MEDIA_DIR: inject('demoRun').mediaDir }
}
