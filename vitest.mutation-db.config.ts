import { defineConfig } from 'vitest/config'
import { resolve } from 'node:path'

/**
 * The integration files that hold the core's database-bound code to account (stryker.db.config.mjs): the ledger's
 * transfers and checks, withdrawals. Apart from the pure files' run because every one of these imports the whole
 * server: a mutant in a table the server loads (the state machine's) would run them all, a minute each.
 */
const INTEGRATION = ['tests/integration/ledger.test.ts', 'tests/integration/ledger-verify.test.ts', 'tests/integration/payments-withdrawals.test.ts']

export default defineConfig({
  resolve: { alias: { '@': resolve(import.meta.dirname, 'src/renderer'), '@shared': resolve(import.meta.dirname, 'src/shared') } },
  // as vitest.config.ts's integration project: its demo template, its limits
  test: { include: INTEGRATION, environment: 'node', globalSetup: ['tests/support/demo-run.ts'], testTimeout: 30_000, hookTimeout: 60_000 },
})
