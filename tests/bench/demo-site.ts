import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { createTestDatabase } from '../support/database'
import { startTestServer } from '../support/server'

export const WEB_ROOT = resolve(import.meta.dirname, '..', '..', 'dist', 'web')

/** Builds the website when there is none yet; returns false (after saying why) when that fails. */
export function ensureWebBuild(): boolean {
  if (existsSync(join(WEB_ROOT, 'index.html'))) return true
  console.log('no built website in dist/web: running `npm run build:web`')
  const build = spawnSync('npm', ['run', 'build:web'], { stdio: 'inherit', cwd: resolve(WEB_ROOT, '..', '..') })
  if (build.status === 0 && existsSync(join(WEB_ROOT, 'index.html'))) return true
  console.log('the website did not build; skipping what needs it\n')
  return false
}

/** The built website and the demo catalogue on a fresh database, for as long as `use` runs. */
export async function withDemoSite(use: (url: string) => Promise<void>): Promise<void> {
  if (!ensureWebBuild()) return
  const db = await createTestDatabase()
  const app = await startTestServer({ databaseUrl: db.url, webRoot: WEB_ROOT, env: { SEED_DEMO: 'true' } })
  try {
    await use(app.url)
  } finally {
    await app.close()
    await db.drop()
  }
}
