import { randomBytes } from 'node:crypto'
import pg from 'pg'

export const ADMIN_DATABASE_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

export interface TestDatabase {
  url: string
  drop(): Promise<void>
}

/** A fresh database on the real PostgreSQL server for one test file: empty, or a copy of the template named. */
export async function createTestDatabase(template?: string): Promise<TestDatabase> {
  const name = `handover_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  await adminQuery(template ? `create database "${name}" template "${template}"` : `create database "${name}"`)
  const url = new URL(ADMIN_DATABASE_URL)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: () => dropDatabase(name),
  }
}

export async function dropDatabase(name: string): Promise<void> {
  await adminQuery(`drop database if exists "${name}" with (force)`)
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}
