import { resolve } from 'node:path'
import { defineConfig } from 'vitest/config'

const root = resolve(import.meta.dirname, '..', '..')

/**
 * `npm run test:desktop`: the built Electron app driven by Playwright. Kept out of the root config's
 * projects (and so out of `npm test`) because it needs Electron's binary, which not every machine can download.
 */
export default defineConfig({
  root,
  resolve: { alias: { '@shared': resolve(root, 'src/shared') } },
  test: {
    name: 'desktop',
    include: ['tests/desktop/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
