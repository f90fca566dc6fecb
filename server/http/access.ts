import type { EntityManager } from '@mikro-orm/postgresql'
import { User } from '../modules/users/user.entity'
import { forbidden, unauthorized } from './errors'
import { sessionUserId, type AppContext } from './context'

/**
 * The signed-in user, read from the database: a ban or a revoked admin flag applies at once,
 * whatever the session cookie remembers.
 */
export async function currentUser(ctx: AppContext): Promise<User | null> {
  const id = sessionUserId(ctx)
  if (id === null) return null
  const user = await ctx.state.em.findOne(User, { id })
  return user && !user.bannedAt ? user : null
}

export async function isAdminRequest(ctx: AppContext): Promise<boolean> {
  return Boolean((await currentUser(ctx))?.isAdmin)
}

/** 401 when signed out, 403 when signed in without admin rights. */
export async function requireAdmin(ctx: AppContext): Promise<User> {
  if (sessionUserId(ctx) === null) throw unauthorized()
  const user = await currentUser(ctx)
  if (!user?.isAdmin) throw forbidden('Only admins may do this')
  return user
}

/** The signed-in user for actions a ban takes away (selling, uploading): 401 when signed out, 403 when banned. */
export async function requireActiveUser(ctx: AppContext): Promise<User> {
  const id = sessionUserId(ctx)
  if (id === null) throw unauthorized()
  return activeUser(ctx.state.em, id)
}

export const BANNED_MESSAGE = 'Your account is banned'

/** The same check for a session read elsewhere (a WebSocket message): 401 for a user gone, 403 when banned. */
export async function activeUser(em: EntityManager, id: number): Promise<User> {
  const user = await em.findOne(User, { id })
  if (!user) throw unauthorized()
  if (user.bannedAt) throw forbidden(BANNED_MESSAGE)
  return user
}
