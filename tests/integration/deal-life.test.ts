/**
 * Model-based test of a deal's life: fast-check's commands drive the real HTTP API with random sequences of
 * purchases, payments (from the balance, or at the sandbox provider, arriving late too), every step by every side,
 * disputes and admin decisions, deadline sweeps, and the same or two different requests sent at once, and hold the
 * server to the hand-written model of deal-model.ts: each answer's status, each deal's and listing's status, and every
 * balance it touches, after every command. After each run the ledger verification passes.
 *
 * A failure prints fast-check's seed and path; DEAL_MODEL_SEED and DEAL_MODEL_PATH replay that run, and DEAL_MODEL_RUNS
 * searches longer than the 15 runs `npm test` makes.
 */
import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import pg from 'pg'
import { checkoutSchema } from '../../src/shared/api/payments'
import type { RunningServer } from '../../server/server'
import { SystemMoves } from '../../server/modules/transactions/system-moves'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { errorCode, type ApiClient } from '../support/http-client'
import { addUser, fundWallet, pressCheckoutButton, type TestUser } from '../support/payments'
import { startTestServer } from '../support/server'
import { addListing, balances } from './deal-fixtures'
import { apply, openSteps, STEPS, sweep, type ModelDeal, type Request, type Side, type Step, type World } from './deal-model'
import { escrowHelpers } from './escrow-support'

let db: TestDatabase
let server: RunningServer
let sql: pg.Client
const { expectSoundLedger } = escrowHelpers(
  () => server,
  () => sql,
)

beforeAll(async () => {
  db = await createTestDatabase()
  server = await startTestServer({ databaseUrl: db.url })
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
  // the timer's sweep does nothing here: the commands sweep, with the clock moved on
  vi.spyOn(server.created.services.transactions.system, 'runDue').mockResolvedValue(0)
})

afterAll(async () => {
  vi.restoreAllMocks()
  await sql?.end()
  await server?.close()
  await db?.drop()
})

/** The real sweep, `ahead` ms from now: past every reservation (30 minutes), and with a year past every countdown too. */
const HOURS_2 = 2 * 60 * 60 * 1000
const YEAR = 365 * 24 * 60 * 60 * 1000
const runSweep = (ahead: number) =>
  SystemMoves.prototype.runDue.call(server.created.services.transactions.system, server.orm.em.fork(), new Date(Date.now() + ahead))

/** One run's people (new for each run, so runs and their shrinking never meet) and what only the server knows. */
interface Real {
  buyers: TestUser[]
  sellers: TestUser[]
  admin: TestUser
  stranger: TestUser
  /** the sandbox checkout opened for a deal */
  checkouts: Map<number, string>
}

let runs = 0

async function newRun(): Promise<{ model: World; real: Real }> {
  runs += 1
  const name = (role: string) => `life${runs}_${role}`
  const real: Real = {
    buyers: [await addUser(server, name('buyer1')), await addUser(server, name('buyer2'))],
    sellers: [await addUser(server, name('seller1')), await addUser(server, name('seller2'))],
    admin: await addUser(server, name('admin'), { admin: true }),
    stranger: await addUser(server, name('stranger')),
    checkouts: new Map(),
  }
  // the first buyer can pay for a few deals, the second (welcome bonus only) for the cheapest one or two
  await fundWallet(server, real.buyers[0]!.id, 20_000)
  const prices: [TestUser, number][] = [
    [real.sellers[0]!, 500],
    [real.sellers[0]!, 12_345],
    [real.sellers[1]!, 2000],
  ]
  const listings = []
  for (const [seller, price] of prices)
    listings.push({ id: await addListing(server, seller.id, price), sellerId: seller.id, price, status: 'active' as const })
  const now = await balances(sql)
  const everyone = [...real.buyers, ...real.sellers, real.admin, real.stranger]
  const model: World = {
    wallets: Object.fromEntries(everyone.map((u) => [u.id, now.get(`wallet:${u.id}`) ?? 0])),
    escrow: {},
    platformFees: now.get('system:platform_fees') ?? 0,
    providerClearing: now.get('system:provider_clearing') ?? 0,
    listings,
    deals: [],
  }
  return { model, real }
}

const BODIES: Partial<Record<Step, object>> = {
  dispute: { reason: 'The handover is not going as agreed.' },
  'resolve-release': { note: 'The seller showed the handover was done.' },
  'resolve-refund': { note: 'The buyer never got the account.' },
}

function clientOf(real: Real, deal: ModelDeal, side: Side): ApiClient {
  if (side === 'admin') return real.admin.client
  if (side === 'stranger') return real.stranger.client
  return [...real.buyers, ...real.sellers].find((u) => u.id === (side === 'buyer' ? deal.buyerId : deal.sellerId))!.client
}

/** Sends a request as the screens do, with an Idempotency-Key; answers its status and the new deal's id for a 201. */
async function send(
  model: World,
  real: Real,
  request: Request,
  key: string = randomUUID(),
): Promise<{ status: number; dealId: number; body: unknown }> {
  const headers = { 'idempotency-key': key }
  if (request.kind === 'purchase') {
    const buyer = real.buyers.find((u) => u.id === request.buyerId)!
    const res = await buyer.client.post(
      '/api/transactions',
      request.fromBalance ? { listingId: request.listingId, pay: 'balance' } : { listingId: request.listingId },
      headers,
    )
    return { status: res.status, dealId: res.status === 201 ? Number(res.json.id) : -1, body: res.json }
  }
  const deal = model.deals.find((d) => d.id === request.dealId)!
  if (request.kind === 'provider') {
    const res = await clientOf(real, deal, 'buyer').post('/api/trustap/verify-payment', { transaction_id: String(deal.id), type: 'transaction' })
    return { status: res.status, dealId: -1, body: res.json }
  }
  const res = await clientOf(real, deal, request.side).post(`/api/transactions/${deal.id}/${request.step}`, BODIES[request.step] ?? {}, headers)
  return { status: res.status, dealId: -1, body: res.json }
}

function describeRequest(r: Request): string {
  if (r.kind === 'purchase') return `buyer ${r.buyerId} buys listing ${r.listingId}${r.fromBalance ? ' from the balance' : ''}`
  return r.kind === 'provider' ? `the provider's payment for deal ${r.dealId} is confirmed` : `${r.side} ${r.step} on deal ${r.dealId}`
}

/** The server's state of this run's deals, listings and balances, which must be the model's. */
async function expectWorld(model: World): Promise<void> {
  const deals = await sql.query<{ id: number; status: string }>('select id, status from escrow_transactions where id = any($1::int[]) order by id', [
    model.deals.map((d) => d.id),
  ])
  expect(deals.rows, 'deal statuses').toEqual([...model.deals].sort((a, b) => a.id - b.id).map((d) => ({ id: d.id, status: d.status })))
  const listings = await sql.query<{ id: number; status: string }>('select id, status from listings where id = any($1::int[]) order by id', [
    model.listings.map((l) => l.id),
  ])
  expect(listings.rows, 'listing statuses').toEqual(model.listings.map((l) => ({ id: l.id, status: l.status })))
  const now = await balances(sql)
  const actual = {
    wallets: Object.fromEntries(Object.keys(model.wallets).map((id) => [id, now.get(`wallet:${id}`) ?? 0])),
    escrow: Object.fromEntries(model.deals.map((d) => [d.id, now.get(`escrow:${d.id}`) ?? 0])),
    platformFees: now.get('system:platform_fees') ?? 0,
    providerClearing: now.get('system:provider_clearing') ?? 0,
  }
  const expected = {
    wallets: model.wallets,
    escrow: Object.fromEntries(model.deals.map((d) => [d.id, model.escrow[d.id] ?? 0])),
    platformFees: model.platformFees,
    providerClearing: model.providerClearing,
  }
  expect(actual, 'balances').toEqual(expected)
}

type Cmd = fc.AsyncCommand<World, Real>

/** One request, alone. */
class Send implements Cmd {
  constructor(
    readonly pick: (model: World, real: Real) => Request | null,
    readonly onDeal = true,
  ) {}
  private request: Request | null = null
  check = (model: Readonly<World>) => !this.onDeal || model.deals.length > 0
  async run(model: World, real: Real) {
    this.request = this.pick(model, real)
    if (!this.request) return
    const answer = await send(model, real, this.request)
    const expected = apply(model, this.request, answer.dealId)
    expect(answer.status, `${describeRequest(this.request)}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBe(expected)
    await expectWorld(model)
  }
  toString = () => (this.request ? describeRequest(this.request) : 'request')
}

/**
 * Sends two requests at once (with one key, or two) and holds the answers to the model: with two keys, the answers and
 * the end state must be those of one order or the other; the same request twice with one key must answer twice as
 * once, and act once.
 */
async function sendAtOnce(model: World, real: Real, [a, b]: [Request, Request], sameKey: boolean): Promise<void> {
  const key = randomUUID()
  const answers = await Promise.all([send(model, real, a, sameKey ? key : randomUUID()), send(model, real, b, sameKey ? key : randomUUID())])
  const what = `${describeRequest(a)} and ${describeRequest(b)} at once: ${answers.map((x) => x.status).join(', ')}`
  if (sameKey) {
    const expected = apply(model, a, answers[0].dealId)
    expect(
      answers.map((x) => x.status),
      what,
    ).toEqual([expected, expected])
    expect(answers[1].body, what).toEqual(answers[0].body)
  } else {
    const pair = [a, b]
    const orders: [0 | 1, 0 | 1][] = [
      [0, 1],
      [1, 0],
    ]
    const fits = orders.flatMap(([first, second]) => {
      const world = structuredClone(model)
      const statuses = [0, 0]
      statuses[first] = apply(world, pair[first]!, answers[first]!.dealId)
      statuses[second] = apply(world, pair[second]!, answers[second]!.dealId)
      return statuses[0] === answers[0]!.status && statuses[1] === answers[1]!.status ? [world] : []
    })
    expect(fits.length, what).toBeGreaterThan(0)
    // both orders may answer alike: the one that leaves the deals as the server has them is the one that ran
    const { rows } = await sql.query<{ id: number; status: string }>('select id, status from escrow_transactions where id = any($1::int[])', [
      fits[0]!.deals.map((d) => d.id),
    ])
    const ran = fits.find((world) => world.deals.every((d) => rows.some((row) => row.id === d.id && row.status === d.status))) ?? fits[0]!
    Object.assign(model, ran)
  }
  await expectWorld(model)
}

class AtOnce implements Cmd {
  constructor(
    readonly pick: (model: World, real: Real) => [Request, Request] | null,
    readonly sameKey: boolean,
    readonly onDeal = true,
  ) {}
  private pair: [Request, Request] | null = null
  check = (model: Readonly<World>) => !this.onDeal || model.deals.length > 0
  async run(model: World, real: Real) {
    this.pair = this.pick(model, real)
    if (this.pair) await sendAtOnce(model, real, this.pair, this.sameKey)
  }
  toString = () =>
    this.pair ? `${describeRequest(this.pair[0])} with ${describeRequest(this.pair[1])} at once${this.sameKey ? ' (one key)' : ''}` : 'at once'
}

/** Opens the sandbox checkout of a pending deal as its buyer, and notes it in the model. */
async function openCheckout(model: World, real: Real, deal: ModelDeal): Promise<void> {
  const res = await clientOf(real, deal, 'buyer').post(`/api/transactions/${deal.id}/checkout`, { method: 'card' })
  expect(res.status, res.text).toBe(200)
  deal.checkoutOpen = true
  real.checkouts.set(deal.id, checkoutSchema.parse(res.json).checkoutUrl)
}

/** The buyer opens the sandbox checkout of a deal, to pay it later; only a pending deal has one. */
class OpenCheckout implements Cmd {
  constructor(readonly index: number) {}
  private dealId = 0
  check = (model: Readonly<World>) => model.deals.length > 0
  async run(model: World, real: Real) {
    const deal = model.deals[this.index % model.deals.length]!
    this.dealId = deal.id
    if (deal.status === 'pending') {
      await openCheckout(model, real, deal)
    } else {
      const res = await clientOf(real, deal, 'buyer').post(`/api/transactions/${deal.id}/checkout`, { method: 'card' })
      expect([res.status, errorCode(res.json)], res.text).toEqual([409, 'invalid_status'])
    }
    await expectWorld(model)
  }
  toString = () => `buyer opens the card checkout of deal ${this.dealId}`
}

/**
 * The buyer pays at the sandbox checkout, one opened before (the deal may have moved on since) or a pending deal's
 * opened now, and the return screen confirms it: alone, or at the same moment as a step open on the deal (`during`
 * picks which).
 */
class PayCheckout implements Cmd {
  constructor(
    readonly index: number,
    readonly during: number | null,
  ) {}
  private told = 'buyer pays a card checkout'
  check = (model: Readonly<World>) => model.deals.some((d) => d.checkoutOpen || d.status === 'pending')
  async run(model: World, real: Real) {
    const payable = model.deals.filter((d) => d.checkoutOpen || d.status === 'pending')
    const deal = payable[this.index % payable.length]!
    if (!deal.checkoutOpen) await openCheckout(model, real, deal)
    await pressCheckoutButton(clientOf(real, deal, 'buyer'), real.checkouts.get(deal.id)!, 'paid')
    const confirm: Request = { kind: 'provider', dealId: deal.id }
    const steps = openSteps(deal)
    if (this.during === null || steps.length === 0) {
      this.told = `buyer pays the card checkout of deal ${deal.id}`
      const answer = await send(model, real, confirm)
      expect(answer.status, JSON.stringify(answer.body)).toBe(apply(model, confirm, -1))
      await expectWorld(model)
      return
    }
    const [side, step] = steps[this.during % steps.length]!
    const other: Request = { kind: 'step', dealId: deal.id, side, step }
    this.told = `buyer pays the card checkout of deal ${deal.id} as ${describeRequest(other)}`
    await sendAtOnce(model, real, [confirm, other], false)
  }
  toString = () => this.told
}

/** The clock moves past every reservation (and, with `countdowns`, every countdown) and the sweep runs. */
class Sweep implements Cmd {
  constructor(readonly countdowns: boolean) {}
  check = () => true
  async run(model: World) {
    await runSweep(this.countdowns ? YEAR : HOURS_2)
    sweep(model, this.countdowns)
    await expectWorld(model)
  }
  toString = () => (this.countdowns ? 'a year passes: the sweep runs' : 'two hours pass: the sweep runs')
}

const SIDES: Side[] = ['buyer', 'seller', 'admin', 'stranger']

const purchasePick =
  (buyer: number, listing: number, fromBalance: boolean) =>
  (model: World, real: Real): Request => ({
    kind: 'purchase',
    buyerId: real.buyers[buyer % real.buyers.length]!.id,
    listingId: model.listings[listing % model.listings.length]!.id,
    fromBalance,
  })

/**
 * A step on one of the deals still moving (`index` picks which): with `choice` null the next one on the way to
 * completion (the first open one in the model's order), else one of the open steps (`choice` picks which); null when
 * every deal has ended.
 */
const stepPick =
  (index: number, choice: number | null) =>
  (model: World): Request | null => {
    const moving = model.deals.filter((d) => openSteps(d).length > 0)
    if (moving.length === 0) return null
    const deal = moving[index % moving.length]!
    const open = openSteps(deal)
    const [side, step] = open[(choice ?? 0) % open.length]!
    return { kind: 'step', dealId: deal.id, side, step }
  }

/** Any step by any side, open or not. */
const anyPick =
  (index: number, side: Side, step: Step) =>
  (model: World): Request => ({ kind: 'step', dealId: model.deals[index % model.deals.length]!.id, side, step })

const deal = fc.nat(7)
const choice = fc.nat(11)
const forward = deal.map((i) => new Send(stepPick(i, null)) as Cmd)
const purchase = fc.tuple(fc.nat(1), fc.nat(2), fc.boolean()).map(([b, l, fromBalance]) => new Send(purchasePick(b, l, fromBalance), false) as Cmd)

const commands = fc.commands(
  [
    // weights by repetition: deals mostly move on, so their later steps and the money of them are reached
    purchase,
    purchase,
    purchase,
    forward,
    forward,
    forward,
    forward,
    forward,
    fc.tuple(deal, choice).map(([i, c]) => new Send(stepPick(i, c)) as Cmd),
    fc.tuple(deal, choice).map(([i, c]) => new Send(stepPick(i, c)) as Cmd),
    fc.tuple(deal, fc.constantFrom(...SIDES), fc.constantFrom(...STEPS)).map(([i, side, step]) => new Send(anyPick(i, side, step)) as Cmd),
    // two sides at once, each with a step open now
    fc.tuple(deal, choice, choice).map(
      ([i, c1, c2]) =>
        new AtOnce((model) => {
          const a = stepPick(i, c1)(model)
          const b = stepPick(i, c2)(model)
          return a && b ? [a, b] : null
        }, false) as Cmd,
    ),
    // the same step sent twice at once, with one key or two
    fc.tuple(deal, fc.option(choice), fc.boolean()).map(
      ([i, c, sameKey]) =>
        new AtOnce((model) => {
          const a = stepPick(i, c)(model)
          return a ? [a, a] : null
        }, sameKey) as Cmd,
    ),
    // both buyers after one listing
    fc
      .tuple(fc.nat(2), fc.boolean())
      .map(
        ([l, fromBalance]) =>
          new AtOnce(
            (model, real) => [purchasePick(0, l, fromBalance)(model, real), purchasePick(1, l, !fromBalance)(model, real)],
            false,
            false,
          ) as Cmd,
      ),
    deal.map((i) => new OpenCheckout(i) as Cmd),
    fc.tuple(deal, fc.option(choice)).map(([i, during]) => new PayCheckout(i, during) as Cmd),
    fc.tuple(deal, fc.option(choice)).map(([i, during]) => new PayCheckout(i, during) as Cmd),
    fc.tuple(deal, fc.option(choice)).map(([i, during]) => new PayCheckout(i, during) as Cmd),
    fc.boolean().map((countdowns) => new Sweep(countdowns) as Cmd),
  ],
  { maxCommands: 25, size: 'max' },
)

const replay = process.env.DEAL_MODEL_SEED ? { seed: Number(process.env.DEAL_MODEL_SEED), path: process.env.DEAL_MODEL_PATH } : {}

describe('a deal’s life, against a model of it', () => {
  it('answers, moves deals and listings, and keeps every balance as the model says, over random sequences of requests', async () => {
    await fc.assert(
      fc.asyncProperty(commands, async (cmds) => {
        const setup = await newRun()
        let settled = false
        try {
          await fc.asyncModelRun(() => setup, cmds)
          // every deal's deadlines pass at the end, so no run leaves a countdown that a later run's sweep would end
          await new Sweep(true).run(setup.model)
          settled = true
        } finally {
          if (!settled) await runSweep(YEAR)
        }
        await expectSoundLedger()
      }),
      // no shrinking: a failed run leaves its damage in the database, where every later run's ledger check would see
      // it, so a shrunk sequence would be blamed for what the first one did; the first failing sequence is reported
      { numRuns: Number(process.env.DEAL_MODEL_RUNS ?? 15), endOnFailure: true, ...replay },
    )
  }, 300_000)
})
