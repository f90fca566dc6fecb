import type { EntityManager } from '@mikro-orm/postgresql'
import { User } from '../modules/users/user.entity'
import { TWO_FACTOR_ENROLMENT_REQUIRED, TWO_FACTOR_MESSAGES } from '@shared/api/two-factor'
import { forbidden, HttpError, unauthorized } from './errors'
import { sessionUserId, type AppContext } from './context'

/**
 * An admin's powers need two-factor on: an admin account without it is treated as a user everywhere (and the admin
 * area answers 403 `two_factor_enrolment_required` until it is on), so a stolen admin password alone opens nothing.
 */
export const actsAsAdmin = (user: Pick<User, 'isAdmin' | 'twoFactorSince'>): boolean => user.isAdmin && user.twoFactorSince !== null

/**
 * The session's user this request already has, without a query: managed by its EntityManager, or the row read with the
 * session (made an entity only now, when a route asks for the User: mapping one costs more than the rest of a check).
 */
function knownUser(ctx: AppContext, id: number): User | null {
  const { em, sessionUser: row } = ctx.state
  const managed = em.getUnitOfWork().getById<User>(User.name, id)
  if (managed) return managed
  return row && row.id === id ? em.map(User, row) : null
}

/** The row read with the session, when it is this user's and nothing has mapped the user yet (its values are current). */
function sessionRow(ctx: AppContext, id: number) {
  const { em, sessionUser: row } = ctx.state
  return row && row.id === id && !em.getUnitOfWork().getById<User>(User.name, id) ? row : null
}

/**
 * The signed-in user, read from the database: a ban or a revoked admin flag applies at once,
 * whatever the session cookie remembers.
 */
export async function currentUser(ctx: AppContext): Promise<User | null> {
  const id = sessionUserId(ctx)
  if (id === null) return null
  const user = knownUser(ctx, id) ?? (await ctx.state.em.findOne(User, { id }))
  return user && !user.bannedAt ? user : null
}

export async function isAdminRequest(ctx: AppContext): Promise<boolean> {
  const user = await currentUser(ctx)
  return user !== null && actsAsAdmin(user)
}

/** 401 when signed out, 403 when signed in without admin rights, or as an admin who has not turned two-factor on. */
export async function requireAdmin(ctx: AppContext): Promise<User> {
  if (sessionUserId(ctx) === null) throw unauthorized()
  const user = await currentUser(ctx)
  if (!user?.isAdmin) throw forbidden('Only admins may do this')
  if (!actsAsAdmin(user)) throw new HttpError(403, TWO_FACTOR_ENROLMENT_REQUIRED, TWO_FACTOR_MESSAGES.enrolmentRequired)
  return user
}

/** The signed-in user for actions a ban takes away (selling, uploading): 401 when signed out, 403 when banned. */
export async function requireActiveUser(ctx: AppContext): Promise<User> {
  const id = sessionUserId(ctx)
  if (id === null) throw unauthorized()
  return checkedActive(knownUser(ctx, id) ?? (await ctx.state.em.findOne(User, { id })))
}

/** Who acts, as a step on a deal shows them: their id, name, picture and admin flag. */
export interface ActiveViewer {
  id: number
  username: string
  avatar: string | null
  isAdmin: boolean
}

/**
 * The signed-in person's id, name and picture as plain values, or null when signed out, gone or banned: from the row the
 * session was read with when the request has it (nothing mapped into the EntityManager), else as currentUser reads them.
 */
export async function signedInPerson(ctx: AppContext): Promise<Pick<User, 'id' | 'username' | 'avatar'> | null> {
  const id = sessionUserId(ctx)
  if (id === null) return null
  const row = sessionRow(ctx, id)
  if (row) return row.banned_at ? null : { id, username: row.username, avatar: row.avatar }
  const user = await currentUser(ctx)
  return user && { id, username: user.username, avatar: user.avatar }
}

/**
 * requireActiveUser's answer as plain values: from the row the session was read with (this request's own, as fresh
 * as its session) when the request has it, so nothing is mapped into the EntityManager; else from the User.
 */
export async function requireActiveViewer(ctx: AppContext): Promise<ActiveViewer> {
  const id = sessionUserId(ctx)
  if (id === null) throw unauthorized()
  const row = sessionRow(ctx, id)
  if (row) {
    if (row.banned_at) throw forbidden(BANNED_MESSAGE)
    return { id, username: row.username, avatar: row.avatar, isAdmin: row.is_admin && row.two_factor_since !== null }
  }
  const user = await requireActiveUser(ctx)
  return { id, username: user.username, avatar: user.avatar, isAdmin: actsAsAdmin(user) }
}

export const BANNED_MESSAGE = 'Your account is banned'

/** The same check for a session read elsewhere (a WebSocket message): 401 for a user gone, 403 when banned. */
export async function activeUser(em: EntityManager, id: number): Promise<User> {
  return checkedActive(em.getUnitOfWork().getById<User>(User.name, id) ?? (await em.findOne(User, { id })))
}

function checkedActive(user: User | null): User {
  if (!user) throw unauthorized()
  if (user.bannedAt) throw forbidden(BANNED_MESSAGE)
  return user
}
