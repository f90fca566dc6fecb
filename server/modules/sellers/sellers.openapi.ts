import { z } from 'zod'
import { sellerProfileSchema, topSellersSchema } from '@shared/api/listings'
import { routeDocs, serialIdParam } from '../../http/route-docs'
import { TOP_SELLERS_MAX_LIMIT } from './sellers.params'

/** /api/sellers (sellers.routes.ts) */
export const sellersRouteDocs = routeDocs('sellers', [
  {
    method: 'GET',
    path: '/api/sellers/top',
    summary: 'Sellers ranked by completed sales, then volume',
    auth: 'anonymous',
    query: z.object({
      limit: z
        .string()
        .regex(/^\d{1,3}$/)
        .optional()
        .describe(`1 to ${TOP_SELLERS_MAX_LIMIT}; 20 when absent`),
    }),
    response: { schema: topSellersSchema },
  },
  {
    method: 'GET',
    path: '/api/sellers/:id',
    summary: 'A seller’s public profile, active listings and recent sales',
    auth: 'anonymous',
    params: { id: serialIdParam },
    response: { schema: sellerProfileSchema },
  },
])
