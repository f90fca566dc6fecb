// @ts-check
import { readFileSync } from 'node:fs'

/**
 * The core's database-bound files, against the integration files of vitest.mutation-db.config.ts (a real PostgreSQL
 * and Redis, as `npm run test:integration`); everything else as stryker.config.json, with its own report and
 * incremental file beside the pure files' ones.
 */
const base = JSON.parse(readFileSync(new URL('./stryker.config.json', import.meta.url), 'utf8'))

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  vitest: { configFile: 'vitest.mutation-db.config.ts' },
  mutate: ['server/modules/ledger/ledger.service.ts', 'server/modules/ledger/ledger-verify.ts', 'server/modules/payments/withdrawals.service.ts'],
  htmlReporter: { fileName: 'reports/mutation/db/index.html' },
  jsonReporter: { fileName: 'reports/mutation/db/mutation.json' },
  incrementalFile: 'reports/mutation/db/stryker-incremental.json',
  // a mutant's run starts a server and a database: the default 5 s on top of a test's own time ends sound runs on a
  // busy machine, and a timeout would count as a kill
  timeoutMS: 30_000,
}
