import { defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

// the same aliases as vite.web.config.ts (configs import no local files: Vite loads them natively)
const aliases = {
  '@': resolve(import.meta.dirname, 'src/renderer'),
  '@shared': resolve(import.meta.dirname, 'src/shared'),
}

/** Whether a test file asks for the jsdom environment (its first line says so). */
const wantsJsdom = (file: string) => readFileSync(file, 'utf8').startsWith('// @vitest-environment jsdom')

/**
 * The end-to-end files that take longest, started first so the two workers finish together: CI runs on a fresh
 * clone, where vitest has no timings and orders by file size, and these small files of long walks then started
 * last: on a slow day the visitor's walk took 313 s of an 835 s run, and the workers' summed time (1,587 s) left one
 * of them idle for about 80 s.
 */
const LONGEST_E2E = ['tests/e2e/accessibility.test.ts', 'tests/e2e/accessibility-signed-in.test.ts']

/**
 * Vitest's own order (failed first, then the longest, or the largest with no timings yet), except that the unit
 * files run grouped by environment: a worker that keeps its modules between files (isolate: false) sets up jsdom and
 * imports React once for the screens' tests, then the server's, instead of switching with every file; and the
 * longest end-to-end files go first.
 */
class ByEnvironment extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const group = (spec: TestSpecification) => {
      if (spec.project.name === 'unit') return wantsJsdom(spec.moduleId) ? 0 : 1
      return LONGEST_E2E.some((file) => spec.moduleId.endsWith(file)) ? 0 : 1
    }
    return sorted
      .map((spec, i) => ({ spec, i, g: group(spec) }))
      .sort((a, b) => a.g - b.g || a.i - b.i)
      .map(({ spec }) => spec)
  }
}

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    sequence: { sequencer: ByEnvironment },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // worker threads start faster than forked processes, and these tests share no process state
          pool: 'threads',
          // each worker keeps its modules between files, grouped by environment (ByEnvironment): 113 s → 24 s. Every
          // file passed on its own before, and all pass in three shuffled orders, so none leans on another's state
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          // names the run's demo template, which the first file that needs the demo data seeds (createDemoDatabase)
          globalSetup: ['tests/support/demo-run.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // each worker keeps its modules between files instead of importing the whole server 42 times (350 s → 249 s);
          // every file builds its own servers, ORM, database and Redis prefix, so no module state belongs to one file
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/support/e2e-setup.ts'],
          // the demo data, seeded once for the whole suite, which each file's site copies
          globalSetup: ['tests/support/e2e-demo-template.ts'],
          // limits that end a hang, not speed checks: on a slow afternoon the keyboard flow took 141 s of the 180 it
          // used to have, and the dark theme's axe check went past its 120
          testTimeout: 360_000,
          hookTimeout: 360_000,
          // expect.poll's own default is 1 s: a screen that takes longer on a slow day is late, not wrong
          expect: { poll: { timeout: 10_000 } },
          // as for integration: each file starts its own server, browser and database, so the two workers keep their
          // modules between files (back to back: 608 s with a fresh module graph per file, 500 s without)
          isolate: false,
        },
      },
    ],
  },
})
