/**
 * Purchases paid from the balance per second: many buyers at once, each deal one `POST /api/transactions` with
 * `pay: 'balance'` (reserve the listing, open the conversation, move the money into escrow), as Buy Now sends it,
 * against the real server in a child process on a throwaway PostgreSQL database. Every purchase carries an
 * Idempotency-Key, as the screens send it. The ledger is verified afterwards.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { availableParallelism } from 'node:os'
import { Agent, request } from 'node:http'
import pg from 'pg'
import { createTestDatabase } from '../support/database'
import { fundWallets, insertListings } from '../support/market-data'
import { insertUsers, signIn, type BenchUser } from './chat-users'
import { percentile } from './http-load'
import { spawnServer } from '../support/server-process'
import { startCpuMeter } from './cpu-meter'

const BUYERS = Number(process.env.BENCH_BUYERS ?? 200)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20)
const LISTINGS = 40_000
const PRICE_CENTS = 10_000
export const AIM_PURCHASES_PER_SECOND = 300

interface Reply {
  status: number
  body: string
}

function post(url: string, path: string, cookie: string, agent: Agent, body?: unknown): Promise<Reply> {
  const payload = body === undefined ? '' : JSON.stringify(body)
  return new Promise((ok, fail) => {
    const req = request(
      new URL(path, url),
      {
        method: 'POST',
        agent,
        headers: { cookie, origin: url, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), 'idempotency-key': randomUUID() },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => ok({ status: res.statusCode ?? 0, body: text }))
        res.on('error', fail)
      },
    )
    req.on('error', fail)
    req.end(payload)
  })
}

/** Sellers with active listings and buyers with money for every purchase they could make. */
async function seed(databaseUrl: string, buyers: { id: number }[]) {
  const sellers = await insertUsers(databaseUrl, 'seller_', 50)
  const listings = await insertListings(databaseUrl, sellers.map((s) => s.id), LISTINGS, PRICE_CENTS, 'bench')
  await fundWallets(databaseUrl, buyers.map((b) => b.id), PRICE_CENTS * 2 * LISTINGS)
  return listings
}

export async function purchasesBench(): Promise<void> {
  const db = await createTestDatabase()
  const server = await spawnServer({ databaseUrl: db.url, sessionSecret: randomBytes(32).toString('hex') }).catch(async (err: unknown) => {
    await db.drop()
    throw err
  })
  try {
    const buyers = await signIn(server.url, await insertUsers(db.url, 'buyer_', BUYERS))
    const listings = await seed(db.url, buyers)
    const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS })
    let next = 0
    const refused: Record<string, number> = {}
    const run = async (seconds: number, record: boolean) => {
      const deadline = performance.now() + seconds * 1000
      const latencies: number[] = []
      const worker = async (n: number) => {
        const buyer: BenchUser = buyers[n % buyers.length]!
        while (performance.now() < deadline && next < listings.length) {
          const listingId = listings[next++]!
          const started = performance.now()
          const bought = await post(server.url, '/api/transactions', buyer.cookie, agent, { listingId, pay: 'balance' })
          if (bought.status !== 201) refused[`purchase ${bought.status}`] = (refused[`purchase ${bought.status}`] ?? 0) + 1
          else if (record) latencies.push(performance.now() - started)
        }
      }
      await Promise.all(Array.from({ length: CONNECTIONS }, (_, n) => worker(n)))
      return latencies
    }
    await run(3, false)
    const meter = startCpuMeter([server.pid])
    const latencies = (await run(SECONDS, true)).sort((a, b) => a - b)
    const cpu = meter.stop()
    agent.destroy()
    const perSecond = latencies.length / SECONDS
    const check = new pg.Client({ connectionString: db.url })
    await check.connect()
    const { rows } = await check.query(`select coalesce(sum(amount_cents), 0)::bigint as total from ledger_entries`)
    const held = await check.query(`select count(*)::int as n from escrow_transactions where status = 'fee_paid'`)
    await check.end()

    console.log(`purchases: ${BUYERS} signed-in buyers on ${CONNECTIONS} connections, each purchase = POST /api/transactions with pay: balance`)
    console.log(`(from the balance, each with an Idempotency-Key), ${SECONDS} s after a 3 s warm-up; one server process, PostgreSQL on the same machine.\n`)
    // CPU per purchase and its payment: what each side costs, however busy the machine is with other work
    const msEach = (cores: number) => (perSecond > 0 ? ((cores * 1000) / perSecond).toFixed(1) : '–')
    console.log('| purchases paid per second | p50 ms | p99 ms | refused | deals paid in all | ledger sum | server CPU ms each | database CPU ms each | machine busy | aim | met |')
    console.log('| ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |')
    const refusals = Object.entries(refused).map(([k, n]) => `${k} × ${n}`).join(', ') || 'none'
    console.log(
      `| ${perSecond.toFixed(0)} | ${latencies.length ? percentile(latencies, 50).toFixed(1) : '–'} | ${latencies.length ? percentile(latencies, 99).toFixed(1) : '–'} | ${refusals} | ${held.rows[0].n} | ${rows[0].total} | ${msEach(cpu.servers[0]!)} | ${msEach(cpu.database)} | ${cpu.machine.toFixed(2)} of ${availableParallelism()} cores | ≥ ${AIM_PURCHASES_PER_SECOND}/s | ${perSecond >= AIM_PURCHASES_PER_SECOND ? 'yes' : '**no**'} |\n`,
    )
  } finally {
    await server.stop()
    await db.drop()
  }
}
