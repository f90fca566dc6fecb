/**
 * Purchases paid from the balance per second: many buyers at once, each deal one `POST /api/transactions` with
 * `pay: 'balance'` (reserve the listing, open the conversation, move the money into escrow), as Buy Now sends it,
 * against the real server in a child process on a throwaway PostgreSQL database. Every purchase carries an
 * Idempotency-Key, as the screens send it. The ledger is verified afterwards.
 *
 * Measured on one instance, and on two sharing PostgreSQL and Redis with the connections split between them as a
 * load balancer would: the way docs/operations.md runs Handover, one instance per core.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { availableParallelism } from 'node:os'
import { Agent, request } from 'node:http'
import pg from 'pg'
import { createTestDatabase } from '../support/database'
import { fundWallets, insertListings } from '../support/market-data'
import { insertUsers, signIn, type BenchUser } from './chat-users'
import { percentile } from './http-load'
import { spawnServer, type ServerProcess } from '../support/server-process'
import { startCpuMeter, type CpuShares } from './cpu-meter'
import { BENCH_REDIS_URL, cleanupStack, spawnInstances } from './bench-processes'

const BUYERS = Number(process.env.BENCH_BUYERS ?? 200)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20)
const LISTINGS = 40_000
const PRICE_CENTS = 10_000
export const AIM_PURCHASES_PER_SECOND = 300

interface Row {
  instances: number
  perSecond: number
  /** sorted, ms */
  latencies: number[]
  refused: Record<string, number>
  paidInAll: number
  cpu: CpuShares
}

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
  const cleanup = cleanupStack()
  try {
    const db = await createTestDatabase()
    cleanup.add(() => db.drop())
    const sessionSecret = randomBytes(32).toString('hex')
    const one = await spawnServer({ databaseUrl: db.url, sessionSecret })
    cleanup.add(() => one.stop())
    // sessions live in the database, so these sign-ins hold on every instance sharing it and the secret
    const buyers = await signIn(one.url, await insertUsers(db.url, 'buyer_', BUYERS))
    const listings = await seed(db.url, buyers)
    let next = 0
    const pool = new pg.Pool({ connectionString: db.url, max: 1 })
    cleanup.add(() => pool.end())

    /** Warm-up, then the measured run; connection n goes to instance n modulo their number. */
    const measure = async (instances: ServerProcess[]): Promise<Row> => {
      const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS })
      const refused: Record<string, number> = {}
      const run = async (seconds: number, record: boolean) => {
        const deadline = performance.now() + seconds * 1000
        const latencies: number[] = []
        const worker = async (n: number) => {
          const buyer: BenchUser = buyers[n % buyers.length]!
          const url = instances[n % instances.length]!.url
          while (performance.now() < deadline && next < listings.length) {
            const listingId = listings[next++]!
            const started = performance.now()
            const bought = await post(url, '/api/transactions', buyer.cookie, agent, { listingId, pay: 'balance' })
            if (bought.status !== 201) refused[`purchase ${bought.status}`] = (refused[`purchase ${bought.status}`] ?? 0) + 1
            else if (record) latencies.push(performance.now() - started)
          }
        }
        await Promise.all(Array.from({ length: CONNECTIONS }, (_, n) => worker(n)))
        return latencies
      }
      await run(3, false)
      const meter = startCpuMeter(instances.map((instance) => instance.pid))
      const latencies = (await run(SECONDS, true)).sort((a, b) => a - b)
      const cpu = meter.stop()
      agent.destroy()
      const held = await pool.query<{ n: number }>(`select count(*)::int as n from escrow_transactions where status = 'fee_paid'`)
      return { instances: instances.length, perSecond: latencies.length / SECONDS, latencies, refused, paidInAll: held.rows[0].n, cpu }
    }

    const rows = [await measure([one])]
    await one.stop()
    let skipped = ''
    const pair = await spawnInstances(2, { databaseUrl: db.url, sessionSecret }, cleanup)
    if (pair) {
      rows.push(await measure(pair))
      await Promise.all(pair.map((instance) => instance.stop()))
    } else {
      skipped = `two instances: skipped, no Redis at ${BENCH_REDIS_URL} (set BENCH_REDIS_URL)\n`
    }
    const { rows: sum } = await pool.query<{ total: string }>(`select coalesce(sum(amount_cents), 0)::bigint as total from ledger_entries`)
    printRows(rows, String(sum[0].total))
    if (skipped) console.log(skipped)
  } finally {
    await cleanup.run()
  }
}

function printRows(rows: Row[], ledgerSum: string) {
  console.log(`purchases: ${BUYERS} signed-in buyers on ${CONNECTIONS} connections, each purchase = POST /api/transactions with pay: balance`)
  console.log(`(from the balance, each with an Idempotency-Key), ${SECONDS} s after a 3 s warm-up; PostgreSQL on the same machine;`)
  console.log('two instances share it and Redis (the event bus), the connections split between them as a load balancer would.\n')
  // CPU per purchase: what each side costs, however busy the machine is with other work
  console.log('| instances | purchases paid per second | p50 ms | p99 ms | refused | deals paid in all | server CPU ms each | database CPU ms each | Redis CPU ms each | bench clients CPU ms each | server main thread: running / waiting for a core | machine busy | aim | met |')
  console.log('| ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | --- |')
  for (const { instances, perSecond, latencies, refused, paidInAll, cpu } of rows) {
    const msEach = (cores: number) => (perSecond > 0 ? ((cores * 1000) / perSecond).toFixed(1) : '–')
    const refusals = Object.entries(refused).map(([k, n]) => `${k} × ${n}`).join(', ') || 'none'
    const servers = cpu.servers.reduce((sum, n) => sum + n, 0)
    const threads = cpu.serverThreads.map(({ running, waiting }) => `${running.toFixed(2)} / ${waiting.toFixed(2)}`).join(', ')
    const p = (q: number) => (latencies.length ? percentile(latencies, q).toFixed(1) : '–')
    console.log(
      `| ${instances} | ${perSecond.toFixed(0)} | ${p(50)} | ${p(99)} | ${refusals} | ${paidInAll} | ${msEach(servers)} | ${msEach(cpu.database)} | ${msEach(cpu.redis)} | ${msEach(cpu.client)} | ${threads} | ${cpu.machine.toFixed(2)} of ${availableParallelism()} cores | ≥ ${AIM_PURCHASES_PER_SECOND}/s | ${perSecond >= AIM_PURCHASES_PER_SECOND ? 'yes' : '**no**'} |`,
    )
  }
  console.log(`\nledger: the entries of every deal sum to ${ledgerSum} (must be 0)\n`)
}
