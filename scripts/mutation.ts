/**
 * `npm run test:mutation [group…]`: Stryker over the core where a bug costs money or access, group by group (all of
 * them when none is named). The pure files run against the unit files (stryker.config.json); each database-bound file
 * against the integration files that test it (vitest.mutation-db.config.ts reads them from MUTATION_TESTS). Those
 * files run whole for most mutants (the code is reached in their setup, so Stryker cannot tell which test needs it),
 * so each group names only its own: with all of them, one mutant of the ledger took a minute and a half.
 */
import { Stryker } from '@stryker-mutator/core'

interface Group {
  mutate: string[]
  tests: string[]
}

const DB_GROUPS: Record<string, Group> = {
  ledger: { mutate: ['server/modules/ledger/ledger.service.ts'], tests: ['tests/integration/ledger.test.ts'] },
  'ledger-verify': {
    mutate: ['server/modules/ledger/ledger-verify.ts'],
    tests: ['tests/integration/ledger.test.ts', 'tests/integration/ledger-verify.test.ts'],
  },
  withdrawals: {
    mutate: ['server/modules/payments/withdrawals.service.ts'],
    tests: ['tests/integration/payments-withdrawals.test.ts', 'tests/integration/admin-withdrawals-queue.test.ts'],
  },
  idempotency: { mutate: ['server/http/idempotency.ts'], tests: ['server/http/idempotency.test.ts', 'tests/integration/idempotency.test.ts'] },
  'rate-limit': { mutate: ['server/http/rate-limit.ts'], tests: ['server/http/rate-limit.test.ts', 'tests/integration/rate-limit-redis.test.ts'] },
  sessions: { mutate: ['server/modules/sessions/session.store.ts'], tests: ['tests/integration/session-store.test.ts'] },
}

const named = process.argv.slice(2)
const unknown = named.filter((name) => name !== 'pure' && !(name in DB_GROUPS))
if (unknown.length > 0) throw new Error(`no mutation group ${unknown.join(', ')}: pure, ${Object.keys(DB_GROUPS).join(', ')}`)
const wanted = (name: string) => named.length === 0 || named.includes(name)

if (wanted('pure')) await new Stryker({ configFile: 'stryker.config.json' }).runMutationTest()
for (const [name, group] of Object.entries(DB_GROUPS)) {
  if (!wanted(name)) continue
  // the test runners Stryker starts inherit it
  process.env.MUTATION_TESTS = group.tests.join(',')
  await new Stryker({
    configFile: 'stryker.config.json',
    vitest: { configFile: 'vitest.mutation-db.config.ts' },
    mutate: group.mutate,
    htmlReporter: { fileName: `reports/mutation/${name}/index.html` },
    jsonReporter: { fileName: `reports/mutation/${name}/mutation.json` },
    incrementalFile: `reports/mutation/${name}/stryker-incremental.json`,
    // a mutant's run starts a server and a database: the default 5 s over a test's own time ends sound runs on a busy
    // machine, and a timeout would count as a kill
    timeoutMS: 30_000,
  }).runMutationTest()
}
