import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { currentUser } from '../../server/http/access'
import type { AppContext } from '../../server/http/context'
import { openDatabase, type Orm } from '../../server/db/orm'
import { createSessionStore, LAST_SEEN_EVERY_SECONDS, SessionService, sessionRowId } from '../../server/modules/sessions/session.store'
import { LedgerService } from '../../server/modules/ledger/ledger.service'
import { createTestDatabase, type TestDatabase } from '../support/database'

/** The session store and its service straight on a real database: what every signed-in request reads and writes. */

let db: TestDatabase
let orm: Orm
const store = () => createSessionStore(() => orm.em.fork())
const DAY_MS = 24 * 60 * 60 * 1000

beforeAll(async () => {
  db = await createTestDatabase()
  orm = await openDatabase(db.url, 2)
})

afterAll(async () => {
  await orm?.close()
  await db?.drop()
})

const sql = <T>(text: string, values: unknown[] = []) => orm.em.getConnection().execute<T[]>(text, values)

async function addUser(fields: { banned?: boolean } = {}): Promise<number> {
  const name = `u${randomBytes(4).toString('hex')}`
  const [row] = await sql<{ id: number }>(
    `insert into users (username, username_key, email, password_hash, banned_at) values (?, ?, ?, 'x', ?) returning id`,
    [name, name, `${name}@example.com`, fields.banned ? new Date() : null],
  )
  return row!.id
}

const newKey = () => randomBytes(12).toString('hex')

/** A request as koa-session hands it to the store: its browser, address and own EntityManager. */
const requestFrom = (userAgent: string, ip: string, path = '/api/listings') =>
  ({ get: (name: string) => (name === 'user-agent' ? userAgent : ''), ip, path, state: { em: orm.em.fork() } }) as unknown as AppContext

/** A session's row, its times as epoch milliseconds. */
interface Row {
  user_id: number | null
  data: Record<string, unknown>
  expires_at: number
  last_seen_at: number | null
  user_agent: string | null
  ip: string | null
}
const rowOf = async (key: string) =>
  (
    await sql<Row>(
      `select user_id, data, user_agent, ip, (extract(epoch from expires_at) * 1000)::float8 as expires_at,
         (extract(epoch from last_seen_at) * 1000)::float8 as last_seen_at from sessions where id = ?`,
      [sessionRowId(key)],
    )
  )[0]

describe('the session store', () => {
  it('keeps only a hash of the cookie key, and the data without koa-session’s own fields', async () => {
    const key = newKey()
    await store().set(key, { userId: undefined, cart: [1], _expire: 1, _maxAge: 2 }, 60_000)
    expect(sessionRowId(key)).toBe(createHash('sha256').update(key).digest('hex'))
    expect(await sql('select 1 from sessions where id = ?', [key])).toEqual([])
    const row = await rowOf(key)
    expect(row).toMatchObject({ user_id: null, data: { cart: [1] }, last_seen_at: null, user_agent: null, ip: null })
    expect(Math.abs(row!.expires_at - (Date.now() + 60_000))).toBeLessThan(5_000)
    expect(await store().get(key)).toEqual({ cart: [1] })
  })

  it.each([
    ['a session cookie', 'session'],
    ['no age', 0],
    ['a negative age', -5],
  ])('keeps a session with %s for a day', async (_, maxAge) => {
    const key = newKey()
    await store().set(key, {}, maxAge as number)
    expect(Math.abs((await rowOf(key))!.expires_at - (Date.now() + DAY_MS))).toBeLessThan(5_000)
  })

  it('reads nothing for an unknown key, an expired session or a destroyed one', async () => {
    expect(await store().get(newKey())).toBeUndefined()
    const expired = newKey()
    await store().set(expired, { a: 1 }, 60_000)
    await sql(`update sessions set expires_at = now() - interval '1 second' where id = ?`, [sessionRowId(expired)])
    expect(await store().get(expired)).toBeUndefined()
    const [destroyed, kept] = [newKey(), newKey()]
    await store().set(destroyed, { a: 1 }, 60_000)
    await store().set(kept, { b: 2 }, 60_000)
    await store().destroy(destroyed)
    expect(await rowOf(destroyed)).toBeUndefined()
    expect(await store().get(destroyed)).toBeUndefined()
    // that one only
    expect(await store().get(kept, undefined, {})).toEqual({ b: 2 })
  })

  it('notes the browser and address of a signed-in write, trimmed to their columns, and keeps them when a later write has none', async () => {
    const userId = await addUser()
    const key = newKey()
    await store().set(key, { userId }, 60_000, { ctx: requestFrom('B'.repeat(600), `10.0.0.1${'9'.repeat(100)}`) })
    const row = await rowOf(key)
    expect(row).toMatchObject({ user_id: userId, user_agent: 'B'.repeat(512), ip: `10.0.0.1${'9'.repeat(56)}` })
    expect(row!.last_seen_at).not.toBeNull()
    await store().set(key, { userId, theme: 'dark' }, 60_000)
    expect(await rowOf(key)).toMatchObject({ data: { userId, theme: 'dark' }, user_agent: 'B'.repeat(512), ip: `10.0.0.1${'9'.repeat(56)}` })
    // a browser that sends no User-Agent is noted as unknown, not as an empty name
    const bare = newKey()
    await store().set(bare, { userId }, 60_000, { ctx: requestFrom('', '10.0.0.2') })
    expect(await rowOf(bare)).toMatchObject({ user_agent: null, ip: '10.0.0.2' })
  })

  it('notes nothing about a signed-out session, even from a request', async () => {
    const key = newKey()
    await store().set(key, { cart: [] }, 60_000, { ctx: requestFrom('Firefox', '10.0.0.3') })
    expect(await rowOf(key)).toMatchObject({ user_agent: null, ip: null, last_seen_at: null })
    await sql(`update sessions set last_seen_at = now() - interval '1 hour' where id = ?`, [sessionRowId(key)])
    await store().get(key, undefined, { ctx: requestFrom('Chrome', '10.0.0.4') })
    expect(await rowOf(key)).toMatchObject({ user_agent: null, ip: null })
  })

  it(`writes a signed-in session’s last use once it is over ${LAST_SEEN_EVERY_SECONDS} s old, with where it now comes from`, async () => {
    const userId = await addUser()
    const key = newKey()
    await store().set(key, { userId }, 60_000, { ctx: requestFrom('Firefox', '10.0.0.5') })
    const ago = async (seconds: number) => {
      await sql(`update sessions set last_seen_at = now() - make_interval(secs => ?) where id = ?`, [seconds, sessionRowId(key)])
      return (await rowOf(key))!.last_seen_at!
    }
    const recent = await ago(LAST_SEEN_EVERY_SECONDS - 5)
    await store().get(key, undefined, { ctx: requestFrom('Chrome', '10.0.0.6') })
    expect(await rowOf(key)).toMatchObject({ user_agent: 'Firefox', ip: '10.0.0.5', last_seen_at: recent })
    const old = await ago(LAST_SEEN_EVERY_SECONDS + 5)
    await store().get(key, undefined, { ctx: requestFrom('Chrome', '10.0.0.6') })
    const seen = await rowOf(key)
    expect(seen).toMatchObject({ user_agent: 'Chrome', ip: '10.0.0.6' })
    expect(seen!.last_seen_at!).toBeGreaterThan(old + 30_000)
    // never written at all (a session signed in before the column existed): due at once; without a request, kept as it was
    await sql('update sessions set last_seen_at = null where id = ?', [sessionRowId(key)])
    await store().get(key)
    expect(await rowOf(key)).toMatchObject({ user_agent: 'Chrome', ip: '10.0.0.6' })
    expect((await rowOf(key))!.last_seen_at).not.toBeNull()
  })

  it('holds the session’s user for the request, so checking it costs no second query, only when the session is still that user’s', async () => {
    const userId = await addUser()
    const key = newKey()
    await store().set(key, { userId }, 60_000)
    const ctx = requestFrom('Firefox', '10.0.0.7')
    const findOne = vi.spyOn(ctx.state.em, 'findOne')
    expect(await store().get(key, undefined, { ctx })).toEqual({ userId })
    expect(await currentUser(Object.assign(ctx, { session: { userId } }))).toMatchObject({ id: userId })
    expect(findOne).not.toHaveBeenCalled()
    // the row says another user than the data (changed under it): nothing is held, the check reads the database
    const other = await addUser()
    await sql('update sessions set user_id = ? where id = ?', [other, sessionRowId(key)])
    const next = requestFrom('Firefox', '10.0.0.7')
    const nextFindOne = vi.spyOn(next.state.em, 'findOne')
    await store().get(key, undefined, { ctx: next })
    expect(await currentUser(Object.assign(next, { session: { userId } }))).toMatchObject({ id: userId })
    expect(nextFindOne).toHaveBeenCalledOnce()
  })

  it('sums the user’s wallet in the same statement on the paths that ask for it, in any case, and only there', async () => {
    const userId = await addUser()
    const ledger = new LedgerService()
    await orm.em.fork().transactional(async (tx) => {
      const [wallet, promotions] = [await ledger.walletOf(tx, { id: userId }), await ledger.systemAccount(tx, 'promotions')]
      for (const [n, cents] of [1250, 75].entries()) {
        const legs = [
          { account: promotions, amountCents: -cents },
          { account: wallet, amountCents: cents },
        ]
        await ledger.transfer(tx, { kind: 'welcome_bonus', idempotencyKey: `wallet-read:${userId}:${n}`, memo: 'test', legs })
      }
    })
    const key = newKey()
    const withWallet = createSessionStore(() => orm.em.fork(), { walletPaths: ['/api/auth/me'] })
    await withWallet.set(key, { userId }, 60_000)
    const me = requestFrom('Firefox', '10.0.0.8', '/api/auth/me')
    const findOne = vi.spyOn(me.state.em, 'findOne')
    expect(await withWallet.get(key, undefined, { ctx: me })).toEqual({ userId })
    expect(me.state.sessionWalletCents).toBe(1325)
    expect(me.state.sessionUser).toMatchObject({ id: userId })
    expect(findOne).not.toHaveBeenCalled()
    const shouted = requestFrom('Firefox', '10.0.0.8', '/API/Auth/Me')
    await withWallet.get(key, undefined, { ctx: shouted })
    expect(shouted.state.sessionWalletCents).toBe(1325)
    const elsewhere = requestFrom('Firefox', '10.0.0.8', '/api/transactions')
    await withWallet.get(key, undefined, { ctx: elsewhere })
    expect(elsewhere.state.sessionWalletCents).toBeUndefined()
    expect(elsewhere.state.sessionUser).toMatchObject({ id: userId })
  })
})

it('reads and writes through named prepared statements, planned once per connection', async () => {
  // one connection, so the statements this test runs are the ones it then lists
  const single = await openDatabase(db.url, 1, undefined, { soleProcess: true })
  try {
    const userId = await addUser()
    const key = newKey()
    const onSingle = createSessionStore(() => single.em.fork())
    await onSingle.set(key, { userId }, 60_000)
    await sql('update sessions set last_seen_at = null where id = ?', [sessionRowId(key)])
    await onSingle.get(key)
    await new SessionService().stillValid(single.em.fork(), [{ sessionKey: sessionRowId(key), userId }])
    const prepared = await single.em.getConnection().execute<{ name: string }[]>('select name from pg_prepared_statements order by name')
    expect(prepared.map((p) => p.name)).toEqual(expect.arrayContaining(['session_get_with_user', 'session_seen', 'sessions_still_valid']))
  } finally {
    await single.close()
  }
})

describe('signed-in sessions of a user', () => {
  const service = new SessionService()

  async function signedIn(userId: number, maxAge = 60_000): Promise<string> {
    const key = newKey()
    await store().set(key, { userId }, maxAge)
    return key
  }

  it('end all of them, or all but the one in use', async () => {
    const [alice, bob] = [await addUser(), await addUser()]
    const [a1, a2, a3, b1] = [await signedIn(alice), await signedIn(alice), await signedIn(alice), await signedIn(bob)]
    expect(await service.endUserSessions(orm.em.fork(), alice, a1)).toBe(2)
    expect([await rowOf(a1), await rowOf(a2), await rowOf(a3)].map(Boolean)).toEqual([true, false, false])
    expect(await service.endUserSessions(orm.em.fork(), alice)).toBe(1)
    expect(await rowOf(a1)).toBeUndefined()
    expect(await rowOf(b1)).toBeDefined()
  })

  it('still stand only while unexpired and the same user’s', async () => {
    const [alice, bob] = [await addUser(), await addUser()]
    const [live, expired, bobs] = [await signedIn(alice), await signedIn(alice), await signedIn(bob)]
    await sql(`update sessions set expires_at = now() - interval '1 second' where id = ?`, [sessionRowId(expired)])
    const asStored = (key: string | undefined, userId: number) => ({ sessionKey: key === undefined ? undefined : sessionRowId(key), userId })
    expect(
      await service.stillValid(orm.em.fork(), [
        asStored(live, alice),
        asStored(expired, alice),
        asStored(bobs, alice),
        asStored(undefined, alice),
        asStored(newKey(), alice),
        asStored(bobs, bob),
      ]),
    ).toEqual([true, false, false, false, false, true])
    expect(await service.stillValid(orm.em.fork(), [asStored(undefined, alice)])).toEqual([false])
    expect(await service.stillValid(orm.em.fork(), [])).toEqual([])
  })

  it('that expired are purged, the others kept', async () => {
    const alice = await addUser()
    const [live, expired] = [await signedIn(alice), await signedIn(alice)]
    await sql(`update sessions set expires_at = now() - interval '1 second' where id = ?`, [sessionRowId(expired)])
    expect(await service.purgeExpired(orm.em.fork())).toBeGreaterThanOrEqual(1)
    expect(await rowOf(expired)).toBeUndefined()
    expect(await rowOf(live)).toBeDefined()
  })
})
