import { defineConfig } from 'vitest/config'
import { resolve } from 'node:path'

/**
 * The integration files that hold the core's database- and Redis-bound code to account (Idempotency-Key, rate limits
 * on Redis, the session store): Stryker runs, of these and the unit files, only those importing a mutated file
 * (`vitest.related`), and per mutant only the tests that reached it. Each builds its own database or Redis prefix;
 * the whole integration suite would make each run as long as `npm run test:integration`.
 */
const INTEGRATION = ['tests/integration/idempotency.test.ts', 'tests/integration/rate-limit-redis.test.ts', 'tests/integration/session-store.test.ts']

export default defineConfig({
  resolve: { alias: { '@': resolve(import.meta.dirname, 'src/renderer'), '@shared': resolve(import.meta.dirname, 'src/shared') } },
  test: {
    projects: [
      // the screens' tests are left out: they render in jsdom what the core's own tests already check, at minutes a run
      { extends: true, test: { name: 'unit', include: ['server/**/*.test.ts', 'src/{shared,main,preload}/**/*.test.ts'], environment: 'node' } },
      {
        extends: true,
        // as vitest.config.ts's integration project (its demo template, its limits)
        test: { name: 'integration', include: INTEGRATION, environment: 'node', globalSetup: ['tests/support/demo-run.ts'], testTimeout: 30_000, hookTimeout: 60_000 },
      },
    ],
  },
})
