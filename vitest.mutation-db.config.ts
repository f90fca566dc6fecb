import { defineConfig } from 'vitest/config'
import { resolve } from 'node:path'

/** The integration files a group of scripts/mutation.ts runs against the core's database-bound code (MUTATION_TESTS). */
const tests = process.env.MUTATION_TESTS?.split(',') ?? []
if (tests.length === 0) throw new Error('MUTATION_TESTS names no test file: run `npm run test:mutation`')

export default defineConfig({
  resolve: { alias: { '@': resolve(import.meta.dirname, 'src/renderer'), '@shared': resolve(import.meta.dirname, 'src/shared') } },
  // as vitest.config.ts's integration project: its demo template, its limits
  test: { include: tests, environment: 'node', globalSetup: ['tests/support/demo-run.ts'], testTimeout: 30_000, hookTimeout: 60_000 },
})
