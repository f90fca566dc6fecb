/**
 * The integration suite's demo data, made at most once per run: the first file that asks for it (`createDemoDatabase`)
 * seeds a database as `npm start` seeds an empty one, and every file copies it. Copying a database is a file copy in
 * PostgreSQL; seeding it was migrations, argon2 hashes, a year of sales and two hundred drawn banners again in each of
 * fifteen files. This global setup only names the run's template and its media folder, so a run of files that need
 * no demo data seeds nothing; at the end it drops whatever was made.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { dropDatabase } from './database'

declare module 'vitest' {
  export interface ProvidedContext {
    /** the run's demo template (made by the first file that needs it) and the media folder its banners are drawn into */
    demoRun: { template: string; mediaDir: string }
  }
}

export default function setup(project: TestProject): () => Promise<void> {
  const template = `handover_demo_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  const mediaDir = mkdtempSync(join(tmpdir(), 'handover-demo-media-'))
  project.provide('demoRun', { template, mediaDir })
  return async () => {
    await dropDatabase(template)
    rmSync(mediaDir, { recursive: true, force: true })
  }
}
