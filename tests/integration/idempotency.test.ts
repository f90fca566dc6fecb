import { randomBytes } from 'node:crypto'
import type { EntityManager } from '@mikro-orm/postgresql'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { TRANSACTION_MESSAGES } from '../../src/shared/api/transactions'
import type { AppContext } from '../../server/http/context'
import { HttpError } from '../../server/http/errors'
import { idempotencyOf, respondIdempotent, runIdempotent, type Announcing, type Idempotency } from '../../server/http/idempotency'
import type { Logger } from '../../server/logger'
import type { Delivery, EventBus } from '../../server/realtime/bus'
import { openDatabase, type Orm } from '../../server/db/orm'
import { createTestDatabase, type TestDatabase } from '../support/database'

/** runIdempotent straight on a real database: a request's effects and its key commit together, or neither does. */

let db: TestDatabase
let orm: Orm

beforeAll(async () => {
  db = await createTestDatabase()
  orm = await openDatabase(db.url, 4)
  await orm.em.getConnection().execute('create table effects (id serial primary key, note text not null)')
})

afterAll(async () => {
  await orm?.close()
  await db?.drop()
})

const sql = <T>(text: string, values: unknown[] = []) => orm.em.getConnection().execute<T[]>(text, values)
const effects = async () => (await sql<{ note: string }>('select note from effects order by id')).map((r) => r.note)

async function addUser(): Promise<number> {
  const name = `u${randomBytes(4).toString('hex')}`
  const [row] = await sql<{ id: number }>(`insert into users (username, username_key, email, password_hash) values (?, ?, ?, 'x') returning id`, [
    name,
    name,
    `${name}@example.com`,
  ])
  return row!.id
}

const request = (userId: number, key: string | undefined, fingerprint = 'a'.repeat(64)): Idempotency => ({ userId, key, fingerprint })

/** Each step's announcement, by its note: the bus below hands every delivery to the step that announced it. */
const announcements = new Map<string, () => Promise<void>>()
/** what the announcer logs when publishing fails: here, when a step was announced before its effect committed */
const lost = vi.fn()
const announcing: Announcing = {
  what: 'test step',
  deps: {
    logger: { warn: lost } as unknown as Logger,
    bus: {
      publishMany: async (deliveries: Delivery[]) => {
        for (const d of deliveries) if (d.event.type === 'balance_updated') await announcements.get(d.event.balance)?.()
      },
    } as unknown as EventBus,
  },
}

afterEach(() => {
  expect(lost).not.toHaveBeenCalled()
})

/** A money-moving step: writes its effect in the caller's transaction, answers 201, announces after the commit. */
function step(note: string) {
  const after = vi.fn(async () => {
    // announced only once the effect is committed, where another connection sees it
    if (!(await effects()).includes(note)) throw new Error(`${note} announced before its commit`)
  })
  announcements.set(note, after)
  const run = vi.fn(async (tx: EntityManager) => {
    expect(tx.isInTransaction()).toBe(true)
    await tx.getConnection().execute('insert into effects (note) values (?)', [note], 'run', tx.getTransactionContext())
    const deliveries: Delivery[] = [{ audience: { userIds: [1] }, event: { type: 'balance_updated', balance: note } }]
    return { status: 201, body: { note }, deliveries }
  })
  return { run, after }
}

const fresh = () => `key-${randomBytes(6).toString('hex')}`

describe('runIdempotent', () => {
  it('without a key, runs every time', async () => {
    const userId = await addUser()
    const note = fresh()
    const { run, after } = step(note)
    expect(await runIdempotent(orm.em.fork(), request(userId, undefined), run, announcing)).toEqual({ status: 201, body: { note }, replayed: false })
    expect(await runIdempotent(orm.em.fork(), request(userId, undefined), run, announcing)).toEqual({ status: 201, body: { note }, replayed: false })
    expect(run).toHaveBeenCalledTimes(2)
    expect(after).toHaveBeenCalledTimes(2)
    expect((await effects()).filter((n) => n === note)).toHaveLength(2)
  })

  it('with a key, runs once and replays the stored answer, moving nothing and announcing nothing again', async () => {
    const userId = await addUser()
    const key = fresh()
    const { run, after } = step(key)
    expect(await runIdempotent(orm.em.fork(), request(userId, key), run, announcing)).toEqual({ status: 201, body: { note: key }, replayed: false })
    expect(await runIdempotent(orm.em.fork(), request(userId, key), run, announcing)).toEqual({ status: 201, body: { note: key }, replayed: true })
    expect(run).toHaveBeenCalledOnce()
    expect(after).toHaveBeenCalledOnce()
    expect((await effects()).filter((n) => n === key)).toHaveLength(1)
    expect(await sql('select status_code, response from idempotency_keys where user_id = ? and key = ?', [userId, key])).toEqual([
      { status_code: 201, response: { note: key } },
    ])
  })

  it('answers a step that has nothing to announce', async () => {
    const userId = await addUser()
    const quiet = async () => ({ status: 200, body: { done: true } })
    expect(await runIdempotent(orm.em.fork(), request(userId, fresh()), quiet, announcing)).toEqual({
      status: 200,
      body: { done: true },
      replayed: false,
    })
    expect(await runIdempotent(orm.em.fork(), request(userId, undefined), quiet, announcing)).toEqual({
      status: 200,
      body: { done: true },
      replayed: false,
    })
  })

  it('refuses the same key with another request (409), and lets another user use the same key', async () => {
    const [alice, bob] = [await addUser(), await addUser()]
    const key = fresh()
    await runIdempotent(orm.em.fork(), request(alice, key), step(`${key}-a`).run, announcing)
    const other = step(`${key}-other`)
    const refused = await runIdempotent(orm.em.fork(), request(alice, key, 'b'.repeat(64)), other.run, announcing).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(HttpError)
    expect(refused).toMatchObject({ status: 409, code: 'idempotency_key_reused', message: TRANSACTION_MESSAGES.idempotencyMismatch })
    expect(other.run).not.toHaveBeenCalled()
    const bobs = step(`${key}-b`)
    expect(await runIdempotent(orm.em.fork(), request(bob, key), bobs.run, announcing)).toMatchObject({ body: { note: `${key}-b` }, replayed: false })
  })

  it('stores nothing for a request that fails: its effects roll back with its key, and the retry runs afresh', async () => {
    const userId = await addUser()
    const key = fresh()
    const failing = vi.fn(async (tx: EntityManager) => {
      await tx.getConnection().execute('insert into effects (note) values (?)', [key], 'run', tx.getTransactionContext())
      throw new Error('the provider said no')
    })
    await expect(runIdempotent(orm.em.fork(), request(userId, key), failing, announcing)).rejects.toThrow('the provider said no')
    expect(await effects()).not.toContain(key)
    expect(await sql('select 1 from idempotency_keys where user_id = ? and key = ?', [userId, key])).toEqual([])
    const retry = step(key)
    expect(await runIdempotent(orm.em.fork(), request(userId, key), retry.run, announcing)).toMatchObject({ replayed: false })
    expect((await effects()).filter((n) => n === key)).toHaveLength(1)
  })

  it('makes a concurrent duplicate wait for the first and replay its answer', async () => {
    const userId = await addUser()
    const key = fresh()
    const { run } = step(key)
    const results = await Promise.all([1, 2, 3].map(() => runIdempotent(orm.em.fork(), request(userId, key), run, announcing)))
    expect(run).toHaveBeenCalledOnce()
    expect(results.map((r) => r.replayed).sort()).toEqual([false, true, true])
    expect(results.every((r) => r.status === 201 && r.body.note === key)).toBe(true)
    expect((await effects()).filter((n) => n === key)).toHaveLength(1)
  })
})

it('claims and answers a key through named prepared statements, planned once per connection', async () => {
  // one connection, so the statements this test runs are the ones it then lists
  const single = await openDatabase(db.url, 1, undefined, { soleProcess: true })
  try {
    const userId = await addUser()
    await runIdempotent(single.em.fork(), request(userId, fresh()), async () => ({ status: 200, body: {} }), announcing)
    const prepared = await single.em.getConnection().execute<{ name: string }[]>('select name from pg_prepared_statements order by name')
    expect(prepared.map((p) => p.name)).toEqual(expect.arrayContaining(['idempotency_answer', 'idempotency_claim']))
  } finally {
    await single.close()
  }
})

describe('respondIdempotent', () => {
  /** A request as the routes hand it over: its method, path, body, key header and own EntityManager. */
  const ctxFor = (key: string, body: unknown) => {
    const set = vi.fn()
    const ctx = {
      method: 'POST',
      path: '/api/transactions/1/pay',
      request: { body },
      headers: { 'idempotency-key': key },
      state: { em: orm.em.fork() },
      set,
    }
    return ctx as unknown as AppContext & { set: typeof set }
  }

  it('answers with the status and body, and marks only a replay', async () => {
    const userId = await addUser()
    const key = fresh()
    const first = ctxFor(key, { amount: 5 })
    await respondIdempotent(first, userId, step(key).run, announcing)
    expect(first).toMatchObject({ status: 201, body: { note: key } })
    expect(first.set).not.toHaveBeenCalled()
    const again = ctxFor(key, { amount: 5 })
    await respondIdempotent(again, userId, step('never').run, announcing)
    expect(again).toMatchObject({ status: 201, body: { note: key } })
    expect(again.set).toHaveBeenCalledWith('Idempotent-Replayed', 'true')
    // the same key with another body is another request
    await expect(respondIdempotent(ctxFor(key, { amount: 6 }), userId, step('never').run, announcing)).rejects.toMatchObject({ status: 409 })
    expect(idempotencyOf(ctxFor(key, { amount: 5 }), userId).fingerprint).not.toBe(idempotencyOf(ctxFor(key, { amount: 6 }), userId).fingerprint)
  })
})
