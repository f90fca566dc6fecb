import { ALL_ENDPOINTS } from '@shared/api/endpoints'
import type { Endpoint } from '@shared/api/endpoint'

/**
 * Every documented /api route, module by module, from the endpoint table in src/shared/api/endpoints.
 * tests/integration/openapi.test.ts fails when a mounted /api route is missing there, or a declared one is not mounted.
 */
export const API_ROUTES: readonly Endpoint[] = ALL_ENDPOINTS
