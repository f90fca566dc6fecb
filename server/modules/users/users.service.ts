import type { EntityManager } from '@mikro-orm/postgresql'
import type { CurrentUser } from '@shared/api/auth'
import { centsToDecimalString } from '@shared/money'
import type { LedgerService } from '../ledger/ledger.service'
import { User } from './user.entity'

export const usernameKey = (username: string) => username.trim().toLowerCase()
export const normalizeEmail = (email: string) => email.trim().toLowerCase()

export class UsersService {
  constructor(private readonly ledger: LedgerService) {}

  findById(em: EntityManager, id: number): Promise<User | null> {
    return em.findOne(User, { id })
  }

  /** Sign-in accepts the username or the email, both case-insensitive. */
  findByLogin(em: EntityManager, login: string): Promise<User | null> {
    const key = login.trim().toLowerCase()
    return em.findOne(User, key.includes('@') ? { email: key } : { usernameKey: key })
  }

  async isUsernameTaken(em: EntityManager, username: string): Promise<boolean> {
    return (await em.count(User, { usernameKey: usernameKey(username) })) > 0
  }

  async isEmailTaken(em: EntityManager, email: string): Promise<boolean> {
    return (await em.count(User, { email: normalizeEmail(email) })) > 0
  }

  /** The header's user; the balance as already read (with the session) when the caller has it, else read now. */
  async toCurrentUser(em: EntityManager, user: Pick<User, 'id' | 'username' | 'avatar'>, balanceCents?: number): Promise<CurrentUser> {
    const balance = balanceCents ?? (await this.ledger.walletBalance(em, user.id))
    return { id: user.id, username: user.username, avatar: user.avatar, balance: centsToDecimalString(balance) }
  }
}
