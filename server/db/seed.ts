import type { EntityManager } from '@mikro-orm/postgresql'
import type { Logger } from '../logger'
import type { Services } from '../app'
import { hashPassword } from '../modules/auth/passwords'
import { seedDemoConversations } from '../modules/conversations/demo-conversations'
import { seedDemoPosts } from '../modules/blog/demo-posts'
import { ensureDemoBanners } from '../modules/listings/demo-banners'
import { seedDemoListings } from '../modules/listings/demo-listings'
import { Listing } from '../modules/listings/listing.entity'
import { seedDemoReviews } from '../modules/reviews/demo-reviews'
import { seedDemoDeals } from '../modules/transactions/demo-deals'
import { User } from '../modules/users/user.entity'
import { normalizeEmail, usernameKey } from '../modules/users/users.service'

const DEMO_PASSWORD = 'handover-demo'

/** Demo sign-ins, also listed in the README. Only ever created on a database without listings or demo accounts. */
export const DEMO_USERS = [
  { username: 'alice', email: 'alice@demo.handover.local', password: DEMO_PASSWORD, isAdmin: false },
  { username: 'bob', email: 'bob@demo.handover.local', password: DEMO_PASSWORD, isAdmin: false },
  { username: 'carol', email: 'carol@demo.handover.local', password: DEMO_PASSWORD, isAdmin: false },
  { username: 'admin', email: 'admin@demo.handover.local', password: 'handover-admin', isAdmin: true },
] as const

/** More sellers, so the catalogue and the top sellers ranking look like a marketplace; same password as alice. */
export const DEMO_SELLERS = [
  'nova.media',
  'pixelpeak',
  'growthlab',
  'sofia.creates',
  'northstar_media',
  'mark-ventures',
  'lena.social',
  'digitalharvest',
  'kai_digital',
  'brightpath',
  'tomasz.k',
  'urban.outlet',
] as const

const DAY_MS = 24 * 60 * 60 * 1000

interface NewUser {
  username: string
  email: string
  passwordHash: string
  isAdmin: boolean
  createdAt?: Date
}

async function createUser(tx: EntityManager, services: Services, u: NewUser) {
  const user = tx.create(User, {
    username: u.username,
    usernameKey: usernameKey(u.username),
    email: normalizeEmail(u.email),
    passwordHash: u.passwordHash,
    isAdmin: u.isAdmin,
    createdAt: u.createdAt ?? new Date(),
  })
  await tx.flush()
  await services.auth.creditWelcomeBonus(tx, user)
  return user
}

/** Every demo account; argon2 is slow on purpose, so each distinct password is hashed once. */
async function demoAccounts(now: Date): Promise<NewUser[]> {
  const passwords: string[] = [...new Set(DEMO_USERS.map((u) => u.password))]
  const hashes = new Map(await Promise.all(passwords.map(async (password) => [password, await hashPassword(password)] as const)))
  const hashOf = (password: string) => hashes.get(password)!
  const people = [
    ...DEMO_USERS.map((u) => ({ username: u.username, email: u.email, passwordHash: hashOf(u.password), isAdmin: u.isAdmin })),
    ...DEMO_SELLERS.map((username) => ({
      username,
      email: `${usernameKey(username)}@demo.handover.local`,
      passwordHash: hashOf(DEMO_PASSWORD),
      isAdmin: false,
    })),
  ]
  // members for 14 months to about 3 years, so "member since" differs and predates every sale
  return people.map((person, i) => ({ ...person, createdAt: new Date(now.getTime() - (430 + i * 47) * DAY_MS) }))
}

/**
 * Loads the demo data on a database with no listings and none of the demo accounts, whoever else is there (an admin
 * from ADMIN_USERNAME, created by this start or an earlier one); once loaded, a restart finds its accounts and stops.
 */
export async function seedDemo(em: EntityManager, services: Services, logger: Logger): Promise<boolean> {
  const demoNames = [...DEMO_USERS.map((u) => u.username), ...DEMO_SELLERS].map(usernameKey)
  if ((await em.count(Listing, {})) > 0 || (await em.count(User, { usernameKey: { $in: demoNames } })) > 0) return false
  const now = new Date()
  // the banners are drawn on sharp's threads while the database is filled
  const banners = ensureDemoBanners(services.media).catch((err: unknown) => {
    // listings without their files still show the platform banner; the data matters more
    logger.warn({ err }, 'demo banners could not be drawn')
  })
  const accounts = await demoAccounts(now)
  const counts = await em.transactional(async (tx) => {
    const users: User[] = []
    for (const account of accounts) users.push(await createUser(tx, services, account))
    const posts = await seedDemoPosts(
      tx,
      users.find((u) => u.isAdmin)!,
      now,
    )
    // alice, bob and carol start out as a new member does (the welcome bonus, listings on sale, no sales yet); the
    // marketplace's sellers have a year of sales behind them
    const extraSellers = users.filter((u) => (DEMO_SELLERS as readonly string[]).includes(u.username))
    const listings = await seedDemoListings(
      tx,
      users.filter((u) => !u.isAdmin),
      (seller) => extraSellers.includes(seller),
      now,
    )
    // every sale was a deal between two members (alice, bob and carol among the buyers), most of them reviewed
    const buyers = users.filter((u) => DEMO_USERS.some((d) => d.username === u.username && !d.isAdmin))
    const deals = await seedDemoDeals(
      tx,
      services.ledger,
      users.filter((u) => !u.isAdmin),
    )
    const reviews = await seedDemoReviews(tx, deals, buyers[0], now)
    // each deal's chat, and a question each of them asked one of the extra sellers
    return { ...listings, posts, deals: deals.length, reviews, conversations: await seedDemoConversations(tx, buyers, extraSellers, now) }
  })
  await banners
  const lines = DEMO_USERS.map((u) => `  ${u.isAdmin ? 'admin' : 'user '}  ${u.username.padEnd(8)} password: ${u.password}`)
  logger.info(
    `Demo data loaded: ${accounts.length} users, ${counts.active} active and ${counts.sold} sold listings, ${counts.posts} blog posts, ${counts.deals} completed deals, ${counts.reviews} reviews, ${counts.conversations} conversations. Sign in with:\n${lines.join('\n')}\n  (and ${DEMO_SELLERS.length} more sellers, such as ${DEMO_SELLERS[0]}, password: ${DEMO_PASSWORD})`,
  )
  return true
}

/** ADMIN_USERNAME + ADMIN_PASSWORD: that admin exists after boot, with that password. */
export async function ensureAdmin(em: EntityManager, services: Services, admin: { username: string; password: string }, logger: Logger) {
  const twoFactorOn = await em.transactional(async (tx) => {
    const existing = await tx.findOne(User, { usernameKey: usernameKey(admin.username) })
    if (existing) {
      existing.isAdmin = true
      existing.passwordHash = await hashPassword(admin.password)
      await tx.flush()
      return existing.twoFactorSince !== null
    }
    await createUser(tx, services, {
      username: admin.username,
      email: `${usernameKey(admin.username)}@admin.handover.local`,
      passwordHash: await hashPassword(admin.password),
      isAdmin: true,
    })
    return false
  })
  logger.info({ username: admin.username }, 'admin account ready')
  // the server opens nothing of the admin area to an admin without a second factor: say so where the operator looks
  if (!twoFactorOn) {
    logger.warn(
      { username: admin.username },
      'this admin has no two-factor sign-in yet, so the admin area stays closed to it: sign in at /admin-login and follow the steps to set up an authenticator app or a passkey (Settings, Two-factor sign-in)',
    )
  }
}
