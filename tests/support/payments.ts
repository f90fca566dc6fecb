import { randomUUID } from 'node:crypto'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { expect } from 'vitest'
import { checkoutSchema, type CheckoutDto } from '../../src/shared/api/payments'
import { decimalStringToCents } from '../../src/shared/money'
import { hashPassword } from '../../server/modules/auth/passwords'
import { User } from '../../server/modules/users/user.entity'
import type { RunningServer } from '../../server/server'
import { ApiClient } from './http-client'
import { enrolTotp } from './two-factor'

export const PASSWORD = 'payments-test-password'

/** A port nobody listens on now, so PUBLIC_URL can name the server before it starts (absolute checkout URLs). */
export async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((ok) => probe.listen(0, '127.0.0.1', ok))
  const { port } = probe.address() as AddressInfo
  await new Promise<void>((ok) => probe.close(() => ok()))
  return port
}

export interface TestUser {
  id: number
  username: string
  client: ApiClient
  /** an admin's authenticator secret and recovery codes: admins must have two-factor on before the admin area opens */
  totpSecret?: string
  recoveryCodes?: string[]
}

/** A user made as signup makes one (welcome bonus included), signed in on a client that sends its Origin like a browser. */
export async function addUser(server: RunningServer, username: string, options: { admin?: boolean } = {}): Promise<TestUser> {
  const passwordHash = await hashPassword(PASSWORD)
  const user = await server.orm.em.fork().transactional(async (tx) => {
    const created = tx.create(User, {
      username,
      usernameKey: username.toLowerCase(),
      email: `${username.toLowerCase()}@example.com`,
      passwordHash,
      isAdmin: Boolean(options.admin),
      createdAt: new Date(),
    })
    await tx.flush()
    await server.created.services.auth.creditWelcomeBonus(tx, created)
    return created
  })
  const client = new ApiClient(server.url, { origin: server.url })
  const res = await client.post('/api/auth/login', { username, password: PASSWORD })
  expect(res.status, res.text).toBe(200)
  // an admin enrols as the admin screens ask: the session it enrols in counts as freshly verified
  const enrolled = options.admin ? await enrolTotp(client) : undefined
  return { id: user.id, username, client, ...(enrolled ? { totpSecret: enrolled.secret, recoveryCodes: enrolled.recoveryCodes } : {}) }
}

/** The hidden form token of a sandbox checkout page. */
export function formToken(html: string): string {
  const match = /name="token" value="([^"]+)"/.exec(html)
  if (!match) throw new Error(`no form token in the page:\n${html.slice(0, 500)}`)
  return match[1]!
}

/**
 * What a browser does on the sandbox checkout: open the page, press one of its buttons (a form post with the
 * page's token), and land where the 303 points. Returns the landing URL.
 */
export async function pressCheckoutButton(client: ApiClient, checkoutUrl: string, outcome: 'paid' | 'failed' | 'cancelled'): Promise<URL> {
  const page = await client.get(checkoutUrl)
  expect(page.status, page.text).toBe(200)
  expect(page.headers.get('content-type')).toMatch(/text\/html/)
  const body = new URLSearchParams({ token: formToken(page.text), outcome }).toString()
  const res = await client.request('POST', checkoutUrl, body, { 'content-type': 'application/x-www-form-urlencoded' })
  expect(res.status, res.text).toBe(303)
  return new URL(res.headers.get('location')!)
}

/** "15.00" → 1500, through the shared string conversion. */
export function cents(text: string): number {
  const value = decimalStringToCents(text)
  if (value === null) throw new Error(`not an amount: ${text}`)
  return value
}

/** Empties a user's wallet into promotions, as if everything had been withdrawn (a deletion needs an empty wallet). */
export async function drainWallet(server: RunningServer, userId: number): Promise<void> {
  const { ledger } = server.created.services
  await server.orm.em.fork().transactional(async (tx) => {
    const wallet = await ledger.walletOf(tx, tx.getReference(User, userId))
    const amount = await ledger.balanceOf(tx, wallet)
    await ledger.transfer(tx, {
      kind: 'test_payout',
      idempotencyKey: `test:${randomUUID()}`,
      memo: 'test payout',
      legs: [
        { account: wallet, amountCents: -amount },
        { account: await ledger.systemAccount(tx, 'promotions'), amountCents: amount },
      ],
    })
  })
}

/** Money from promotions into a user's wallet, as a test's starting point. */
export async function fundWallet(server: RunningServer, userId: number, amountCents: number): Promise<void> {
  const { ledger } = server.created.services
  await server.orm.em.fork().transactional(async (tx) => {
    await ledger.transfer(tx, {
      kind: 'test_funding',
      idempotencyKey: `test:${randomUUID()}`,
      memo: 'test funding',
      legs: [
        { account: await ledger.systemAccount(tx, 'promotions'), amountCents: -amountCents },
        { account: await ledger.walletOf(tx, tx.getReference(User, userId)), amountCents },
      ],
    })
  })
}

/**
 * POST /api/payments/deposits (`body` over a $10 card deposit) until it opens one: a deposit's id has the second in it,
 * so a second this user already used is waited out.
 */
export async function startDeposit(client: ApiClient, body: Record<string, unknown> = {}): Promise<CheckoutDto> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const res = await client.post('/api/payments/deposits', { amount: 10, method: 'card', ...body })
    if (res.status === 409) {
      await new Promise((ok) => setTimeout(ok, 1000))
      continue
    }
    expect(res.status, res.text).toBe(201)
    return checkoutSchema.parse(res.json)
  }
  throw new Error('could not start a deposit')
}
