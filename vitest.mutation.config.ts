import { defineConfig } from 'vitest/config'
import { resolve } from 'node:path'

export default defineConfig({
  resolve: { alias: { '@': resolve(import.meta.dirname, 'src/renderer'), '@shared': resolve(import.meta.dirname, 'src/shared') } },
  test: { include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts'], environment: 'node' },
})
