import { z } from 'zod'
import { endpoints } from '../endpoint'

/** GET /api/proxy/image (image.routes.ts) */
export const imagesEndpoints = endpoints('images', {
  getProxyImage: {
    method: 'GET',
    path: '/api/proxy/image',
    summary: 'A public http(s) image fetched on the viewer’s behalf (no private addresses; size and type limits)',
    auth: 'anonymous',
    query: z.object({ url: z.string().min(1).describe('the image’s absolute http(s) address') }),
    response: { type: 'image/*' },
    errors: [413, 415, 429, 502],
  },
})
