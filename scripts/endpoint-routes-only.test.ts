import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { routesOnly } from './endpoint-routes-only'

const table = (name: string) => readFileSync(new URL(`../src/shared/api/endpoints/${name}.ts`, import.meta.url), 'utf8')

describe('the endpoint table as the browser gets it', () => {
  it('keeps each endpoint’s method, path, shared pattern and auth, and none of its schemas or their imports', () => {
    const deals = routesOnly(table('transactions'))
    expect(deals).toContain("path: '/api/transactions/:id'")
    expect(deals).toContain("method: 'GET'")
    expect(deals).toContain('mountedAs: STEP_ROUTE')
    expect(deals).toContain("auth: 'admin'")
    expect(deals).toContain('export const STEP_ENDPOINTS')
    for (const gone of [
      'transactionDetailSchema',
      'purchaseRequestSchema',
      'checkoutSchema',
      'LIVE_PLATFORMS',
      "summary: '",
      'idempotent',
      'Every deal',
    ]) {
      expect(deals).not.toContain(gone)
    }
  })

  it('leaves the imports the rest still uses, and drops a statement of the server’s only when nothing uses it', () => {
    const moderation = routesOnly(table('moderation'))
    expect(moderation).toContain("import { endpoints, serialIdParam } from '../endpoint'")
    expect(moderation).not.toContain('adminUserDtoSchema')
    expect(moderation).toContain('path: `/api/admin/users/:id/${action}` as const')
  })
})
