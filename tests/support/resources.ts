import { randomBytes, randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import type { ListingInput } from '../../src/shared/api/listings'
import { User } from '../../server/modules/users/user.entity'
import type { RunningServer } from '../../server/server'
import { ApiClient } from './http-client'
import { addUser, type TestUser } from './payments'

/**
 * Real resources of one user ("the owner"), made through the API as the product makes them: listings approved by an
 * admin, a paid escrow deal with its conversation and checklist, a chat message, notifications, a deposit order,
 * a withdrawal, and an admin's blog post. The marker texts appear nowhere else, so a response that carries one
 * has leaked the owner's data.
 */
export interface OwnerResources {
  admin: TestUser
  owner: TestUser
  /** the seller the owner buys from */
  seller: TestUser
  ownerEmail: string
  /** the owner's active listing */
  listing: number
  /** another active listing of the owner's, for the calls that remove one */
  spareListing: number
  /** the owner's listing still waiting for review */
  pendingListing: number
  /** the seller's listing the owner bought */
  boughtListing: number
  /** the owner (buyer) and the seller, paid into escrow */
  deal: number
  conversation: number
  checklistItem: number
  /** the owner's review of the seller on that deal, written straight into the table (reviews need a completed deal) */
  review: number
  notification: number
  /** a deposit order of the owner's, created and not paid */
  order: string
  withdrawal: number
  blogPost: number
  markers: { message: string; destination: string; listingNote: string }
}

const handle = (prefix: string) => `${prefix}_${randomBytes(4).toString('hex')}`

function listingInput(prefix: string, price: string): ListingInput {
  return {
    platform: 'youtube',
    username: handle(prefix),
    displayName: 'Fixture Channel',
    niche: 'Cooking',
    accountTitle: 'Cooking channel with loyal viewers',
    description: 'Weekly recipes, steady views and a friendly community.',
    price,
    followers: 12_000,
    monthlyIncome: 40,
    images: [],
  }
}

async function ok(res: Promise<{ status: number; text: string; json: Record<string, unknown> }>, status = 200) {
  const answer = await res
  expect(answer.status, answer.text).toBe(status)
  return answer.json
}

/** Money from promotions into a wallet, as a test's starting point (a ledger transfer, like the welcome bonus). */
export async function fundWallet(server: RunningServer, userId: number, cents: number): Promise<void> {
  const { ledger } = server.created.services
  await server.orm.em.fork().transactional(async (tx) => {
    await ledger.transfer(tx, {
      kind: 'test_funding',
      idempotencyKey: `test:${randomUUID()}`,
      memo: 'test funding',
      legs: [
        { account: await ledger.systemAccount(tx, 'promotions'), amountCents: -cents },
        { account: await ledger.walletOf(tx, tx.getReference(User, userId)), amountCents: cents },
      ],
    })
  })
}

export async function createOwnerResources(server: RunningServer, prefix: string): Promise<OwnerResources> {
  const admin = await addUser(server, `${prefix}_admin`, { admin: true })
  const owner = await addUser(server, `${prefix}_owner`)
  const seller = await addUser(server, `${prefix}_seller`)
  await fundWallet(server, owner.id, 50_000)
  const markers = {
    message: `private-chat-${randomUUID()}`,
    destination: `payout-${randomBytes(6).toString('hex')}@example.com`,
    listingNote: `pending-${randomUUID()}`,
  }

  const listed = async (user: TestUser, price: string, approve = true) => {
    const created = (await ok(user.client.post('/api/accounts', listingInput(prefix, price)), 201)) as { id: number; status: string }
    if (approve && created.status === 'pending_review') await ok(admin.client.post(`/api/admin/listings/${created.id}/approve`, {}))
    return created.id
  }
  const listing = await listed(owner, '120')
  const spareListing = await listed(owner, '130')
  const pendingListing = (await ok(
    owner.client.post('/api/accounts', { ...listingInput(prefix, '140'), description: `Waiting for review: ${markers.listingNote}` }),
    201,
  )) as {
    id: number
  }
  const boughtListing = await listed(seller, '25')

  const deal = (await ok(owner.client.post('/api/transactions', { listingId: boughtListing }), 201)) as { id: number; conversationId: number }
  const paid = (await ok(owner.client.post(`/api/transactions/${deal.id}/pay`, {}))) as { checklist: { id: number }[] }
  const checklistItem = paid.checklist[0]?.id
  if (!checklistItem) throw new Error('the paid deal has no checklist')
  await ok(owner.client.post(`/api/conversations/${deal.conversationId}/messages`, { content: markers.message }), 201)
  const [review] = await server.orm.em
    .fork()
    .execute<{ id: number }[]>(
      `insert into reviews (transaction_id, seller_id, reviewer_id, rating, text) values (?, ?, ?, 4, 'Fixture review') returning id`,
      [deal.id, seller.id, owner.id],
    )

  const order = ((await ok(owner.client.post('/api/payments/deposits', { amount: 25, method: 'card' }), 201)) as { orderId: string }).orderId
  const withdrawal = ((await ok(owner.client.post('/api/withdrawals', { amount: 10, destination: markers.destination }), 201)) as { id: number }).id
  const notifications = (await ok(owner.client.get('/api/notifications'))) as unknown as { id: number }[]
  const notification = notifications[0]?.id
  if (!notification) throw new Error('the owner has no notification')
  const blogPost = (
    (await ok(admin.client.post('/api/admin/blog', { title: 'Fixture post title', body: 'A post long enough to be saved as a draft.' }), 201)) as {
      id: number
    }
  ).id

  return {
    admin,
    owner,
    seller,
    ownerEmail: `${owner.username}@example.com`,
    listing,
    spareListing,
    pendingListing: pendingListing.id,
    boughtListing,
    deal: deal.id,
    conversation: deal.conversationId,
    checklistItem,
    review: review!.id,
    notification,
    order,
    withdrawal,
    blogPost,
    markers,
  }
}

/** A visitor's client: no session, and the Origin a browser on the site sends. */
export const anonymousClient = (server: RunningServer) => new ApiClient(server.url, { origin: server.url })
