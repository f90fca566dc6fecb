import { z } from 'zod'
import { sellerProfileSchema, TOP_SELLERS_MAX_LIMIT, topSellersSchema } from '../listings'
import { endpoints, serialIdParam } from '../endpoint'

/** /api/sellers (sellers.routes.ts) */
export const sellersEndpoints = endpoints('sellers', {
  getSellersTop: {
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
  getSellersById: {
    method: 'GET',
    path: '/api/sellers/:id',
    summary: 'A seller’s public profile, active listings and recent sales',
    auth: 'anonymous',
    params: { id: serialIdParam },
    response: { schema: sellerProfileSchema },
  },
})
