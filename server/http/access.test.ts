import type { EntityManager } from '@mikro-orm/postgresql'
import { describe, expect, it, vi } from 'vitest'
import { TWO_FACTOR_ENROLMENT_REQUIRED, TWO_FACTOR_MESSAGES } from '@shared/api/two-factor'
import { User } from '../modules/users/user.entity'
import { actsAsAdmin, activeUser, currentUser, isAdminRequest, requireActiveUser, requireActiveViewer, requireAdmin, signedInPerson } from './access'
import type { AppContext, SessionUserRow } from './context'
import { HttpError } from './errors'

const ON = new Date('2026-01-01')

/** A users row as the session store reads it. */
const row = (id: number, fields: Partial<SessionUserRow> = {}): SessionUserRow & Record<string, unknown> => ({
  id,
  username: `user${id}`,
  avatar: null,
  is_admin: false,
  banned_at: null,
  two_factor_since: null,
  ...fields,
})

/** The User a row maps to; `from` tells which way the access check found it. */
const userOf = (r: SessionUserRow, from: string) =>
  ({
    id: r.id,
    username: r.username,
    avatar: r.avatar,
    isAdmin: r.is_admin,
    bannedAt: r.banned_at,
    twoFactorSince: r.two_factor_since,
    from,
  }) as unknown as User

/**
 * An EntityManager over these database rows, with these users already managed: it counts its queries, so a test
 * tells a check that read the row held with the session (or a managed User) from one that went to the database.
 */
function fakeEm(database: SessionUserRow[], managed: SessionUserRow[] = []) {
  const findOne = vi.fn(async (entity: unknown, where: { id: number }) => {
    expect(entity).toBe(User)
    const found = database.find((r) => r.id === where.id)
    return found ? userOf(found, 'database') : null
  })
  const getById = vi.fn((name: string, id: number) => {
    expect(name).toBe('User')
    const found = managed.find((r) => r.id === id)
    return found ? userOf(found, 'managed') : undefined
  })
  const map = vi.fn((entity: unknown, r: SessionUserRow) => {
    expect(entity).toBe(User)
    return userOf(r, 'session row')
  })
  const em = { findOne, map, getUnitOfWork: () => ({ getById }) } as unknown as EntityManager
  return { em, findOne, map }
}

/** The row the session store read with a request's session, by the request (its EntityManager stands for it here). */
const heldRows = new Map<EntityManager, SessionUserRow & Record<string, unknown>>()
const holdSessionUser = (em: EntityManager, held: SessionUserRow & Record<string, unknown>) => heldRows.set(em, held)

const signedIn = (em: EntityManager, userId?: unknown) =>
  ({ session: userId === undefined ? null : { userId }, state: { em, sessionUser: heldRows.get(em) } }) as unknown as AppContext

/** The refusal a check answers with, or what it returned. */
async function outcome<T>(run: () => Promise<T>): Promise<{ refused: Pick<HttpError, 'status' | 'code' | 'message'> } | { value: T }> {
  try {
    return { value: await run() }
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError)
    const { status, code, message } = error as HttpError
    return { refused: { status, code, message } }
  }
}

const SIGNED_OUT = { refused: { status: 401, code: 'unauthorized', message: 'Not signed in' } }
const NOT_ADMIN = { refused: { status: 403, code: 'forbidden', message: 'Only admins may do this' } }
const BANNED = { refused: { status: 403, code: 'forbidden', message: 'Your account is banned' } }
const ENROL = { refused: { status: 403, code: TWO_FACTOR_ENROLMENT_REQUIRED, message: TWO_FACTOR_MESSAGES.enrolmentRequired } }

describe('who acts as an admin', () => {
  it.each([
    [true, ON, true],
    [true, null, false],
    [false, ON, false],
    [false, null, false],
  ])('admin flag %s, two-factor since %s: %s', (isAdmin, twoFactorSince, expected) => {
    expect(actsAsAdmin({ isAdmin, twoFactorSince })).toBe(expected)
  })
})

describe('the signed-in user', () => {
  it('is nobody without a session or with a session that holds no number', async () => {
    const { em, findOne } = fakeEm([row(1)])
    expect(await currentUser(signedIn(em))).toBeNull()
    expect(await currentUser(signedIn(em, '1'))).toBeNull()
    expect(findOne).not.toHaveBeenCalled()
  })

  it('is read from the database, where a ban or a deleted account applies at once', async () => {
    const { em } = fakeEm([row(1), row(2, { banned_at: ON })])
    expect(await currentUser(signedIn(em, 1))).toMatchObject({ id: 1, from: 'database' })
    expect(await currentUser(signedIn(em, 2))).toBeNull()
    expect(await currentUser(signedIn(em, 3))).toBeNull()
  })

  it('comes without a query from a managed User first, then from the row held with the session, for its own id only', async () => {
    const managed = fakeEm([row(1)], [row(1, { username: 'renamed' })])
    holdSessionUser(managed.em, row(1))
    expect(await currentUser(signedIn(managed.em, 1))).toMatchObject({ username: 'renamed', from: 'managed' })
    const held = fakeEm([row(1)])
    holdSessionUser(held.em, row(1, { username: 'as read' }))
    expect(await currentUser(signedIn(held.em, 1))).toMatchObject({ username: 'as read', from: 'session row' })
    expect(await currentUser(signedIn(held.em, 2))).toBeNull()
    expect(held.findOne).toHaveBeenCalledOnce()
    expect(managed.findOne).not.toHaveBeenCalled()
    // a row is held for one request's EntityManager, never another's
    expect(await currentUser(signedIn(fakeEm([]).em, 1))).toBeNull()
  })
})

describe('the signed-in person, as plain values', () => {
  it('is nobody signed out, and asks the database nothing', async () => {
    const { em, findOne } = fakeEm([row(1)])
    expect(await signedInPerson(signedIn(em))).toBeNull()
    expect(findOne).not.toHaveBeenCalled()
  })

  it('comes from the row held with the session, without a query or a mapped User; nobody when that row is banned', async () => {
    const held = fakeEm([row(1)])
    holdSessionUser(held.em, row(1, { username: 'as read', avatar: '/p.png' }))
    expect(await signedInPerson(signedIn(held.em, 1))).toEqual({ id: 1, username: 'as read', avatar: '/p.png' })
    expect(held.findOne).not.toHaveBeenCalled()
    expect(held.map).not.toHaveBeenCalled()
    const banned = fakeEm([row(1)])
    holdSessionUser(banned.em, row(1, { banned_at: ON }))
    expect(await signedInPerson(signedIn(banned.em, 1))).toBeNull()
  })

  it('comes from a managed User over the held row, and from the database when the row is another user’s or none', async () => {
    const managed = fakeEm([], [row(1, { username: 'managed', avatar: '/m.png' })])
    holdSessionUser(managed.em, row(1))
    expect(await signedInPerson(signedIn(managed.em, 1))).toEqual({ id: 1, username: 'managed', avatar: '/m.png' })
    const other = fakeEm([row(2, { username: 'from db' }), row(3, { banned_at: ON })])
    holdSessionUser(other.em, row(1))
    expect(await signedInPerson(signedIn(other.em, 2))).toEqual({ id: 2, username: 'from db', avatar: null })
    expect(await signedInPerson(signedIn(other.em, 3))).toBeNull()
    expect(await signedInPerson(signedIn(other.em, 4))).toBeNull()
    expect(other.findOne).toHaveBeenCalledTimes(3)
  })
})

describe('admin checks', () => {
  const em = () =>
    fakeEm([
      row(1),
      row(2, { is_admin: true }),
      row(3, { is_admin: true, two_factor_since: ON }),
      row(4, { is_admin: true, two_factor_since: ON, banned_at: ON }),
    ]).em

  it.each([
    ['signed out', undefined, false, SIGNED_OUT],
    ['a user', 1, false, NOT_ADMIN],
    ['an admin without two-factor', 2, false, ENROL],
    ['an admin with two-factor', 3, true, { value: { id: 3 } }],
    ['a banned admin', 4, false, NOT_ADMIN],
    ['a deleted account', 5, false, NOT_ADMIN],
  ])('%s', async (_, userId, isAdmin, required) => {
    expect(await isAdminRequest(signedIn(em(), userId))).toBe(isAdmin)
    expect(await outcome(() => requireAdmin(signedIn(em(), userId)))).toMatchObject(required)
  })
})

describe('checks for actions a ban takes away', () => {
  const database = [
    row(1, { avatar: '/a.png' }),
    row(2, { banned_at: ON }),
    row(3, { is_admin: true, two_factor_since: ON }),
    row(4, { is_admin: true }),
  ]

  it.each([
    ['signed out', undefined, SIGNED_OUT],
    ['a user', 1, { value: { id: 1, username: 'user1', avatar: '/a.png', isAdmin: false } }],
    ['a banned user', 2, BANNED],
    ['an admin with two-factor', 3, { value: { id: 3, isAdmin: true } }],
    ['an admin without two-factor', 4, { value: { id: 4, isAdmin: false } }],
    ['a deleted account', 5, SIGNED_OUT],
  ])('%s, read from the database', async (_, userId, expected) => {
    const [viewer, user] = [fakeEm(database), fakeEm(database)]
    expect(await outcome(() => requireActiveViewer(signedIn(viewer.em, userId)))).toMatchObject(expected)
    const asUser = await outcome(() => requireActiveUser(signedIn(user.em, userId)))
    if ('refused' in expected) expect(asUser).toEqual(expected)
    else expect(asUser).toMatchObject({ value: { id: userId, from: 'database' } })
    // signed out asks the database nothing
    for (const { findOne } of [viewer, user]) expect(findOne).toHaveBeenCalledTimes(userId === undefined ? 0 : 1)
  })

  it.each([
    ['a user', row(1, { username: 'as read', avatar: '/b.png' }), { value: { id: 1, username: 'as read', avatar: '/b.png', isAdmin: false } }],
    ['a banned user', row(1, { banned_at: ON }), BANNED],
    [
      'an admin with two-factor',
      row(1, { is_admin: true, two_factor_since: ON }),
      { value: { id: 1, username: 'user1', avatar: null, isAdmin: true } },
    ],
    ['an admin without two-factor', row(1, { is_admin: true }), { value: { id: 1, username: 'user1', avatar: null, isAdmin: false } }],
  ])('%s, from the row held with the session: no query, nothing mapped', async (_, held, expected) => {
    const { em, findOne, map } = fakeEm([row(1)])
    holdSessionUser(em, held)
    expect(await outcome(() => requireActiveViewer(signedIn(em, 1)))).toEqual(expected)
    expect(findOne).not.toHaveBeenCalled()
    expect(map).not.toHaveBeenCalled()
  })

  it('reads a managed User over the held row, and the database when the row is another user’s', async () => {
    const managed = fakeEm([], [row(1, { username: 'managed', banned_at: ON })])
    holdSessionUser(managed.em, row(1))
    expect(await outcome(() => requireActiveViewer(signedIn(managed.em, 1)))).toEqual(BANNED)
    const other = fakeEm([row(2, { username: 'from db' })])
    holdSessionUser(other.em, row(1))
    expect(await outcome(() => requireActiveViewer(signedIn(other.em, 2)))).toEqual({
      value: { id: 2, username: 'from db', avatar: null, isAdmin: false },
    })
  })

  it('checks a session read elsewhere (a WebSocket message) the same way', async () => {
    const { em } = fakeEm([row(1), row(2, { banned_at: ON })])
    expect(await outcome(() => activeUser(em, 1))).toMatchObject({ value: { id: 1 } })
    expect(await outcome(() => activeUser(em, 2))).toEqual(BANNED)
    expect(await outcome(() => activeUser(em, 3))).toEqual(SIGNED_OUT)
  })
})
