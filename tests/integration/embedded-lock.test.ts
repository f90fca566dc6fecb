import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { startEmbeddedDatabase } from '../../server/db/embedded'

const dataDir = mkdtempSync(join(tmpdir(), 'handover-lock-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

async function answers(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<{ n: number }>('select 1 as n')).rows[0]!.n
  } finally {
    await client.end()
  }
}

describe('the embedded database folder is opened by one process at a time', () => {
  it('refuses a second opening while the first runs, and opens again once it has stopped', async () => {
    const first = await startEmbeddedDatabase(dataDir)
    try {
      await expect(startEmbeddedDatabase(dataDir)).rejects.toThrow(
        /is in use by another process \(pid \d+\)\. Stop it first, or set DATABASE_URL.* If process \d+ is not Handover, delete .*pglite\.lock\./,
      )
      // the refusal changed nothing for the one running
      expect(await answers(first.url)).toBe(1)
    } finally {
      await first.stop()
    }
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false)
    const again = await startEmbeddedDatabase(dataDir)
    expect(await answers(again.url)).toBe(1)
    await again.stop()
  }, 60_000)

  it('takes over a lock left by a process that is gone', async () => {
    const gone = spawnSync(process.execPath, ['-e', '0']).pid
    writeFileSync(join(dataDir, 'pglite.lock'), String(gone))
    const db = await startEmbeddedDatabase(dataDir)
    expect(await answers(db.url)).toBe(1)
    await db.stop()
  }, 60_000)
})
