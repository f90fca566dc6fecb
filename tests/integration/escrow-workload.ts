/**
 * A random escrow workload over HTTP for the proofs: workers depositing through the sandbox checkout, buying,
 * paying, walking deals through their steps, cancelling, refunding, disputing and settling, withdrawing (with an
 * admin approving or rejecting), each request with an Idempotency-Key, some requests sent again
 * with the same key. It records every answer, so a test can check afterwards that each 2xx left its mark.
 */
import { randomInt, randomUUID } from 'node:crypto'
import { isDeepStrictEqual } from 'node:util'
import type { TransactionStatus } from '../../src/shared/api/transactions'

export interface Person {
  id: number
  username: string
  /** the signed-in session's cookie header */
  cookie: string
}

export interface Answered {
  key: string
  status: number
  path: string
  body: unknown
  response: unknown
}

export interface WorkloadOptions {
  /** the server's address now (a restarted server may answer on another) */
  baseUrl: () => string
  buyers: Person[]
  sellers: Person[]
  admin: Person
  listings: number[]
  workers: number
  seconds: number
}

export interface WorkloadResult {
  answered: Answered[]
  /** requests that got no answer (the server was down, a connection was cut) */
  unanswered: number
  /** replays whose answer differed from the first: must stay empty */
  replayMismatches: string[]
  byStatus: Record<string, number>
}

interface Deal {
  id: number
  buyer: Person
  seller: Person
  status: TransactionStatus
}

/** Which step to try on a deal in each status, and who takes it. */
const NEXT: Partial<Record<TransactionStatus, [string, 'buyer' | 'seller' | 'admin', unknown?][]>> = {
  pending: [
    ['pay', 'buyer'],
    ['pay', 'buyer'],
    ['cancel', 'buyer'],
    ['cancel', 'seller'],
  ],
  fee_paid: [
    ['send-invite', 'seller'],
    ['send-invite', 'seller'],
    ['refund', 'seller'],
    ['dispute', 'buyer', { reason: 'The invite has not arrived yet.' }],
  ],
  invite_sent: [
    ['confirm-access', 'buyer'],
    ['confirm-access', 'buyer'],
    ['refund', 'seller'],
    ['dispute', 'buyer', { reason: 'The invite does not work for me.' }],
  ],
  access_granted: [
    ['start-countdown', 'seller'],
    ['dispute', 'seller', { reason: 'The buyer changed the recovery email early.' }],
  ],
  countdown_started: [
    ['release', 'buyer'],
    ['dispute', 'buyer', { reason: 'The old owner is still on the account.' }],
  ],
  disputed: [
    ['resolve-release', 'admin', { note: 'Evidence favours the seller.' }],
    ['resolve-refund', 'admin', { note: 'Evidence favours the buyer.' }],
  ],
}

const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)]!

export async function runWorkload(options: WorkloadOptions): Promise<WorkloadResult> {
  const answered: Answered[] = []
  const replayMismatches: string[] = []
  const byStatus: Record<string, number> = {}
  const deals = new Map<number, Deal>()
  const freeListings = [...options.listings]
  let unanswered = 0

  async function post(person: Person, path: string, body: unknown, key: string = randomUUID(), record = true): Promise<Answered | null> {
    const base = options.baseUrl()
    try {
      const res = await fetch(new URL(path, base), {
        method: 'POST',
        headers: { cookie: person.cookie, origin: base, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(body ?? {}),
        signal: AbortSignal.timeout(15_000),
      })
      const text = await res.text()
      const answer: Answered = { key: `${person.id}:${key}`, status: res.status, path, body, response: text ? (JSON.parse(text) as unknown) : null }
      byStatus[`${path.replace(/\d+/g, '{id}')} ${res.status}`] = (byStatus[`${path.replace(/\d+/g, '{id}')} ${res.status}`] ?? 0) + 1
      if (record && res.status < 500) answered.push(answer)
      return answer
    } catch {
      unanswered++
      return null
    }
  }

  const track = (answer: Answered | null, deal?: Deal) => {
    if (!answer || answer.status >= 300) return
    const dto = answer.response as { id: number; status: TransactionStatus }
    if (deal) deal.status = dto.status
  }

  async function purchase() {
    const buyer = pick(options.buyers)
    const listingId = freeListings.length ? freeListings[randomInt(freeListings.length)]! : pick(options.listings)
    // half the purchases pay from the balance in the same request, as Buy Now does
    const answer = await post(buyer, '/api/transactions', randomInt(2) ? { listingId } : { listingId, pay: 'balance' })
    if (answer?.status === 201) {
      const dto = answer.response as { id: number; sellerId: number; status: TransactionStatus }
      const seller = options.sellers.find((s) => s.id === dto.sellerId)
      if (seller) deals.set(dto.id, { id: dto.id, buyer, seller, status: dto.status })
      const at = freeListings.indexOf(listingId)
      if (at >= 0) freeListings.splice(at, 1)
    }
  }

  async function step() {
    const open = [...deals.values()].filter((deal) => NEXT[deal.status])
    if (open.length === 0) return purchase()
    const deal = pick(open)
    const [action, side, body] = pick(NEXT[deal.status]!)
    const person = side === 'admin' ? options.admin : deal[side]
    const answer = await post(person, `/api/transactions/${deal.id}/${action}`, body)
    track(answer, deal)
    // a cancelled or refunded deal gives its listing back to the market
    if (answer && answer.status < 300 && (deal.status === 'cancelled' || deal.status === 'refunded')) {
      freeListings.push((answer.response as { listing: { id: number } }).listing.id)
    }
  }

  /** A buyer deposits through the sandbox checkout, as a browser would, and the return screen verifies it. */
  async function deposit() {
    const buyer = pick(options.buyers)
    const answer = await post(buyer, '/api/payments/deposits', { amount: 5 + randomInt(200), method: pick(['card', 'crypto'] as const) })
    if (!answer || answer.status !== 201) return
    const { checkoutUrl, orderId } = answer.response as { checkoutUrl: string; orderId: string }
    const base = options.baseUrl()
    try {
      const page = await fetch(new URL(checkoutUrl, base), { headers: { cookie: buyer.cookie }, signal: AbortSignal.timeout(15_000) })
      const token = /name="token" value="([^"]+)"/.exec(await page.text())?.[1]
      if (!token) return
      await fetch(new URL(checkoutUrl, base), {
        method: 'POST',
        headers: { cookie: buyer.cookie, origin: base, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token, outcome: pick(['paid', 'paid', 'paid', 'failed', 'cancelled']) }).toString(),
        redirect: 'manual',
        signal: AbortSignal.timeout(15_000),
      })
    } catch {
      unanswered++
      return
    }
    await post(buyer, '/api/trustap/verify-payment', { order_id: orderId, type: 'deposit' })
  }

  /** A seller asks to withdraw; sometimes an admin decides a waiting request at once. */
  async function withdraw() {
    const seller = pick(options.sellers)
    const answer = await post(seller, '/api/withdrawals', { amount: 10 + randomInt(90), destination: `${seller.username}@payouts.example` })
    if (answer?.status === 201 && randomInt(2) === 0) {
      const { id } = answer.response as { id: number }
      const decision = randomInt(2) === 0 ? ['approve', {}] : ['reject', { reason: 'The payout account could not be verified.' }]
      await post(options.admin, `/api/admin/withdrawals/${id}/${decision[0] as string}`, decision[1])
    }
  }

  /** The same request again with the same key: it must answer exactly as the first time. */
  async function replay() {
    const first = answered.length ? pick(answered) : null
    if (!first || first.status >= 300) return step()
    const [userId, key] = [Number(first.key.split(':')[0]), first.key.slice(first.key.indexOf(':') + 1)]
    const person = [...options.buyers, ...options.sellers, options.admin].find((p) => p.id === userId)!
    const again = await post(person, first.path, first.body, key, false)
    // stored as jsonb, the replayed body may list its keys in another order: compare the values
    if (again && (again.status !== first.status || !isDeepStrictEqual(again.response, first.response))) {
      replayMismatches.push(`${first.path} with key ${key}: first ${first.status}, again ${again.status}`)
    }
  }

  const deadline = Date.now() + options.seconds * 1000
  const worker = async () => {
    while (Date.now() < deadline) {
      const roll = randomInt(100)
      if (roll < 25) await purchase()
      else if (roll < 75) await step()
      else if (roll < 82) await deposit()
      else if (roll < 90) await withdraw()
      else await replay()
    }
  }
  await Promise.all(Array.from({ length: options.workers }, worker))
  return { answered, unanswered, replayMismatches, byStatus }
}
