import type { EntityManager } from '@mikro-orm/postgresql'
import { ACCOUNT_MESSAGES } from '@shared/api/account-settings'
import { badRequest, notFound } from '../../http/errors'
import { verifyPassword } from '../auth/passwords'
import { User } from '../users/user.entity'

/**
 * The settings that could lock the owner out (email, password, deletion) ask for the current password first.
 * Checked outside any transaction: argon2 takes a noticeable time and must not hold a row lock meanwhile.
 */
export async function assertPassword(em: EntityManager, userId: number, password: string): Promise<User> {
  const user = await em.findOne(User, { id: userId })
  if (!user) throw notFound()
  if (!(await verifyPassword(user.passwordHash, password))) throw badRequest(ACCOUNT_MESSAGES.wrongPassword, 'wrong_password')
  return user
}
