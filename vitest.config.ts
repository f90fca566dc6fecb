import { defineConfig } from 'vitest/config'
import { resolve } from 'node:path'

// the same aliases as vite.web.config.ts (configs import no local files: Vite loads them natively)
const aliases = {
  '@': resolve(import.meta.dirname, 'src/renderer'),
  '@shared': resolve(import.meta.dirname, 'src/shared'),
}

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts'],
          environment: 'node',
          // worker threads start faster than forked processes, and these tests share no process state
          pool: 'threads',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/support/e2e-setup.ts'],
          // limits that end a hang, not speed checks: on a slow day a flow took 70 s of the 90 it used to have
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // expect.poll's own default is 1 s: a screen that takes longer on a slow day is late, not wrong
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
})
