/**
 * The catalogue at a million listings: latency of four typical pages and the first page's throughput,
 * against the real server on the bench database (`npm run bench:seed`). Latency is measured twice: asking
 * for the same page again and again (what a popular page sees), and with a listing write before every
 * request, which retires everything the server remembers, so each answer is worked out from scratch.
 */
import pg from 'pg'
import { startTestServer } from '../support/server'
import { BENCH_DATABASE_URL, BENCH_LISTINGS, benchListingCount } from './bench-database'
import { fetchOnce, sequentialLatency, throughput, type LatencyResult } from './http-load'

const LATENCY_REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300)
const AFTER_WRITE_REQUESTS = Math.max(1, Math.round(LATENCY_REQUESTS / 3))
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20)
export const AIM_P99_MS = 50
export const AIM_REQUESTS_PER_S = 1_500

export const SCENARIOS = [
  { name: 'first page, newest', path: '/api/accounts' },
  { name: 'deep page (10,000)', path: '/api/accounts?page=10000' },
  { name: '3-letter search (q=gam)', path: '/api/accounts?q=gam' },
  {
    name: 'combined filter',
    path: '/api/accounts?platform=youtube&minPrice=500&maxPrice=5000&minFollowers=10000&verified=true&sort=followers-high',
  },
] as const

const ms = (n: number) => n.toFixed(1)
const mark = (ok: boolean) => (ok ? 'yes' : '**no**')
const row = (r: LatencyResult) => `${ms(r.p50Ms)} | ${ms(r.p99Ms)} | ${mark(r.p99Ms <= AIM_P99_MS)}`

/** An edit of an active listing that changes nothing shown, but is a change all the same (a new catalogue version). */
async function listingToucher(sql: pg.Client): Promise<() => Promise<void>> {
  const { rows } = await sql.query<{ id: number }>(`select id from listings where status = 'active' order by id limit 1`)
  const id = rows[0]!.id
  return async () => {
    await sql.query('update listings set updated_at = updated_at where id = $1', [id])
  }
}

export async function catalogueBench(): Promise<void> {
  const seeded = await benchListingCount()
  if (seeded !== BENCH_LISTINGS) {
    console.log(`catalogue: skipped, the bench database is not seeded (${seeded ?? 'not reachable'}); run \`npm run bench:seed\` first\n`)
    return
  }
  const app = await startTestServer({ databaseUrl: BENCH_DATABASE_URL })
  const sql = new pg.Client({ connectionString: BENCH_DATABASE_URL })
  await sql.connect()
  try {
    const touch = await listingToucher(sql)
    console.log(`catalogue: ${BENCH_LISTINGS.toLocaleString('en')} listings. Cold: the first request after the server starts.`)
    console.log(
      `Again: ${LATENCY_REQUESTS} requests for the same page. After a write: ${AFTER_WRITE_REQUESTS} requests, each after a listing edit. Aim: p99 ≤ ${AIM_P99_MS} ms.\n`,
    )
    console.log('| page | total | cold ms | again p50 | again p99 | met | after a write p50 | after a write p99 | met |')
    console.log('| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | --- |')
    for (const scenario of SCENARIOS) {
      const url = `${app.url}${scenario.path}`
      const again = await sequentialLatency(url, { requests: LATENCY_REQUESTS })
      const afterWrite = await sequentialLatency(url, { requests: AFTER_WRITE_REQUESTS, warmup: 0, before: touch })
      const { total, items } = await fetchOnce(url)
      console.log(`| ${scenario.name} | ${total ?? '?'} (${items} shown) | ${ms(again.coldMs)} | ${row(again)} | ${row(afterWrite)} |`)
    }
    const load = await throughput(`${app.url}${SCENARIOS[0].path}`, { connections: CONNECTIONS, durationS: DURATION_S })
    console.log(`\n| first page under load | req/s | p50 ms | p99 ms | non-2xx | aim req/s | met |`)
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | --- |')
    console.log(
      `| ${CONNECTIONS} connections, ${DURATION_S} s | ${load.requests.average.toFixed(0)} | ${load.latency.p50} | ${load.latency.p99} | ${load.non2xx} | ≥ ${AIM_REQUESTS_PER_S} | ${mark(load.requests.average >= AIM_REQUESTS_PER_S && load.non2xx === 0)} |\n`,
    )
  } finally {
    await sql.end()
    await app.close()
  }
}
