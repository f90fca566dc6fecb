import { defineConfig } from 'vitest/config'
import { resolve } from 'node:path'

/**
 * The unit files Stryker runs against the core's pure code (stryker.config.json), of which it runs only those that
 * import a mutated file, and per mutant only the tests that reached it. The screens' tests are left out: they import
 * fees and money too, so each run took five minutes of jsdom renders (and a screen past its 5 s limit on a busy
 * machine failed the initial run), to test what the core's own tests already do.
 */
export default defineConfig({
  resolve: { alias: { '@': resolve(import.meta.dirname, 'src/renderer'), '@shared': resolve(import.meta.dirname, 'src/shared') } },
  test: { include: ['server/**/*.test.ts', 'src/{shared,main,preload}/**/*.test.ts'], environment: 'node' },
})
