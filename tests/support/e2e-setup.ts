import { afterEach, expect } from 'vitest'
import { takePolicyViolations } from './browser'

// The site's CSP must let every flow of the suite run: a test during which Chromium refused anything fails.
afterEach(() => {
  expect(takePolicyViolations(), 'Content-Security-Policy violations').toEqual([])
})
