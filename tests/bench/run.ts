/**
 * `npm run bench [-- part...]`, parts: auth, catalogue, bundle, lighthouse, sockets, purchases (all by default).
 *
 *   auth        signed-in GET /api/auth/me vs a bare node:http + pg server
 *   catalogue   the catalogue at 1,000,000 listings (needs `npm run bench:seed` once)
 *   bundle      the home page's initial JavaScript, gzipped
 *   lighthouse  Lighthouse scores and Web Vitals of five pages, mobile and desktop presets, median of LIGHTHOUSE_RUNS (3) runs
 *   sockets     memory per WebSocket at 10,000 sockets; chat delivery latency of 1,000 clients, one and two instances
 *   purchases   escrow purchases paid from the balance per second (BENCH_BUYERS, BENCH_CONNECTIONS, BENCH_SECONDS,
 *               BENCH_WARMUP, BENCH_ROUNDS, BENCH_POOL)
 *
 * BENCH_SECONDS, BENCH_CONNECTIONS and BENCH_REQUESTS change the load; figures are only ever measured here.
 * The sockets part: BENCH_SOCKETS, BENCH_CHAT_CLIENTS, BENCH_CHAT_SECONDS, BENCH_SEND_PATH (ws or http),
 * BENCH_REDIS_URL; BENCH_CPU_PROF=<folder> writes a V8 CPU profile of each server process it starts.
 */
import { cpus } from 'node:os'
import { authMeBench } from './auth-me'
import { bundleSizeReport } from './bundle-size'
import { catalogueBench } from './catalogue'
import { lighthouseReport } from './lighthouse'
import { purchasesBench } from './purchases'
import { socketsBench } from './sockets'

const PARTS = {
  auth: authMeBench,
  catalogue: catalogueBench,
  bundle: bundleSizeReport,
  lighthouse: lighthouseReport,
  sockets: socketsBench,
  purchases: purchasesBench,
} as const

type Part = keyof typeof PARTS
const isPart = (name: string): name is Part => name in PARTS

async function main() {
  const asked = process.argv.slice(2)
  const unknown = asked.filter((name) => !isPart(name))
  if (unknown.length > 0) throw new Error(`unknown part ${unknown.join(', ')}; parts: ${Object.keys(PARTS).join(', ')}`)
  const parts = asked.length > 0 ? asked.filter(isPart) : (Object.keys(PARTS) as Part[])
  console.log(`machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}\n`)
  for (const part of parts) await PARTS[part]()
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
