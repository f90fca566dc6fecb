import { get } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Orm } from '../../server/db/orm'
import { migrationsList } from '../../server/db/migrations'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { ApiClient } from '../support/http-client'
import { startTestServer } from '../support/server'
import { openSocket } from '../support/ws-client'

let db: TestDatabase
beforeAll(async () => {
  db = await createTestDatabase()
})
afterAll(async () => {
  await db?.drop()
})

describe('server lifecycle', () => {
  it('reports health with a real database round trip', async () => {
    const server = await startTestServer({ databaseUrl: db.url })
    try {
      const res = await new ApiClient(server.url).get('/healthz')
      expect(res.status).toBe(200)
      expect(res.json).toEqual({ status: 'ok', database: 'ok' })
    } finally {
      await server.close()
    }
  })

  it('keeps an idle connection open longer than nginx keeps it upstream (60 s), and says so', async () => {
    const server = await startTestServer({ databaseUrl: db.url })
    try {
      const keepAlive = await new Promise<unknown>((ok, fail) => {
        get(`${server.url}/healthz`, (res) => {
          res.resume()
          res.on('end', () => ok(res.headers['keep-alive']))
        }).on('error', fail)
      })
      expect(keepAlive).toBe('timeout=65')
    } finally {
      await server.close()
    }
  })

  it('finishes in-flight requests, closes live sockets with 1012 (reconnect elsewhere) and stops accepting on shutdown', async () => {
    const server = await startTestServer({ databaseUrl: db.url, env: { ADMIN_USERNAME: 'shutdown', ADMIN_PASSWORD: 'shutdown-password' } })
    const client = new ApiClient(server.url)
    await client.post('/api/auth/login', { username: 'shutdown', password: 'shutdown-password' })
    const live = await openSocket(server.url, client.cookieHeader)
    const closed = new Promise<number>((ok) => live.socket.once('close', (code) => ok(code)))

    // a sign-in takes an argon2 verification: it is still running when shutdown begins. Shutdown waits
    // until the server has the request; a connection with no request yet is idle and would be dropped
    const received = new Promise((ok) => server.http.once('request', ok))
    const inFlight = new ApiClient(server.url).post('/api/auth/login', { username: 'shutdown', password: 'shutdown-password' })
    await received
    const shutdown = server.close()
    expect((await inFlight).status).toBe(200)
    expect(await closed).toBe(1012)
    await shutdown
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow()
  })

  it('purges expired sessions and keeps live ones', async () => {
    const server = await startTestServer({ databaseUrl: db.url, env: { ADMIN_USERNAME: 'purger', ADMIN_PASSWORD: 'purger-password' } })
    try {
      const client = new ApiClient(server.url)
      await client.post('/api/auth/login', { username: 'purger', password: 'purger-password' })
      const conn = server.orm.em.getConnection()
      await conn.execute(`insert into sessions (id, data, expires_at) values ('stale', '{}', now() - interval '1 minute')`)
      expect(await server.created.services.sessions.purgeExpired(server.orm.em.fork())).toBeGreaterThanOrEqual(1)
      const left = await conn.execute(`select id from sessions where id = 'stale'`)
      expect(left).toEqual([])
      expect((await client.get('/api/auth/me')).status).toBe(200)
    } finally {
      await server.close()
    }
  })
})

describe('migrations', () => {
  it('lets instances started at once on an empty database migrate it one after the other, each starting', async () => {
    const fresh = await createTestDatabase()
    const orms: Orm[] = []
    try {
      const opened = await Promise.allSettled([openDatabase(fresh.url, 2), openDatabase(fresh.url, 2), openDatabase(fresh.url, 2)])
      for (const result of opened) if (result.status === 'fulfilled') orms.push(result.value)
      expect(opened.map((result) => (result.status === 'rejected' ? String(result.reason) : 'started'))).toEqual(['started', 'started', 'started'])
      const [applied] = await orms[0]!.em.getConnection().execute<{ n: string }[]>('select count(*) as n from mikro_orm_migrations')
      expect(Number(applied!.n)).toBe(migrationsList.length)
    } finally {
      await Promise.all(orms.map((orm) => orm.close()))
      await fresh.drop()
    }
  })

  it('refuses at once a pool too small to hold the migrations lock and migrate, instead of waiting for a connection', async () => {
    await expect(openDatabase('postgres://postgres@127.0.0.1:1/none', 1)).rejects.toThrow('openDatabase needs a pool of at least 2 connections')
  })
})
