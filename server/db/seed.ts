import type { EntityManager } from '@mikro-orm/postgresql'
import type { Logger } from '../logger'
import type { Services } from '../app'
import { hashPassword } from '../modules/auth/passwords'
import { seedDemoListings } from '../modules/listings/demo-listings'
import { User } from '../modules/users/user.entity'
import { normalizeEmail, usernameKey } from '../modules/users/users.service'

/** Demo sign-ins, also listed in the README. Only ever created on an empty database. */
export const DEMO_USERS = [
  { username: 'alice', email: 'alice@demo.handover.local', password: 'handover-demo', isAdmin: false },
  { username: 'bob', email: 'bob@demo.handover.local', password: 'handover-demo', isAdmin: false },
  { username: 'carol', email: 'carol@demo.handover.local', password: 'handover-demo', isAdmin: false },
  { username: 'admin', email: 'admin@demo.handover.local', password: 'handover-admin', isAdmin: true },
] as const

async function createUser(tx: EntityManager, services: Services, u: { username: string; email: string; password: string; isAdmin: boolean }) {
  const user = tx.create(User, {
    username: u.username,
    usernameKey: usernameKey(u.username),
    email: normalizeEmail(u.email),
    passwordHash: await hashPassword(u.password),
    isAdmin: u.isAdmin,
    createdAt: new Date(),
  })
  await tx.flush()
  await services.auth.creditWelcomeBonus(tx, user)
  return user
}

export async function seedDemo(em: EntityManager, services: Services, logger: Logger): Promise<boolean> {
  if ((await em.count(User, {})) > 0) return false
  await em.transactional(async (tx) => {
    const users: User[] = []
    for (const demo of DEMO_USERS) users.push(await createUser(tx, services, demo))
    await seedDemoListings(tx, users.filter((u) => !u.isAdmin))
  })
  const lines = DEMO_USERS.map((u) => `  ${u.isAdmin ? 'admin' : 'user '}  ${u.username.padEnd(8)} password: ${u.password}`)
  logger.info(`Demo data loaded. Sign in with:\n${lines.join('\n')}`)
  return true
}

/** ADMIN_USERNAME + ADMIN_PASSWORD: that admin exists after boot, with that password. */
export async function ensureAdmin(em: EntityManager, services: Services, admin: { username: string; password: string }, logger: Logger) {
  await em.transactional(async (tx) => {
    const existing = await tx.findOne(User, { usernameKey: usernameKey(admin.username) })
    if (existing) {
      existing.isAdmin = true
      existing.passwordHash = await hashPassword(admin.password)
      await tx.flush()
      return
    }
    await createUser(tx, services, {
      username: admin.username,
      email: `${usernameKey(admin.username)}@admin.handover.local`,
      password: admin.password,
      isAdmin: true,
    })
  })
  logger.info({ username: admin.username }, 'admin account ready')
}
