import {
  listingDtoSchema,
  listingInputSchema,
  listingListSchema,
  listingUpdateSchema,
  overallStatsSchema,
  platformStatsSchema,
  statsSchema,
} from '@shared/api/listings'
import { listingQuerySchema } from '@shared/listings/filter'
import { routeDocs, serialIdParam } from '../../http/route-docs'

const id = { id: serialIdParam }

/** /api/accounts and /api/stats (listings.routes.ts) */
export const listingsRouteDocs = routeDocs('listings', [
  {
    method: 'GET',
    path: '/api/accounts',
    summary: 'The catalogue: active listings filtered, sorted and paged',
    auth: 'anonymous',
    query: listingQuerySchema,
    response: { schema: listingListSchema },
    pageHeader: 'X-Total-Count',
  },
  {
    method: 'GET',
    path: '/api/accounts/search',
    summary: 'The first page of the catalogue for a search (the same filters)',
    auth: 'anonymous',
    query: listingQuerySchema,
    response: { schema: listingListSchema },
    pageHeader: 'X-Total-Count',
  },
  {
    method: 'GET',
    path: '/api/accounts/featured',
    summary: 'Pinned and premium listings for the home page',
    auth: 'anonymous',
    response: { schema: listingListSchema },
  },
  {
    method: 'GET',
    path: '/api/accounts/user',
    summary: 'The signed-in seller’s own listings in every status',
    auth: 'signed-in',
    response: { schema: listingListSchema },
  },
  {
    method: 'GET',
    path: '/api/accounts/:id',
    summary: 'One listing: active ones for everyone, any status for its seller and admins',
    auth: 'anonymous',
    params: id,
    response: { schema: listingDtoSchema },
  },
  {
    method: 'POST',
    path: '/api/accounts',
    summary: 'Create a listing (waits for an admin’s approval when the settings ask for it)',
    auth: 'signed-in',
    body: listingInputSchema,
    response: { status: 201, schema: listingDtoSchema },
    errors: [409],
  },
  {
    method: 'PATCH',
    path: '/api/accounts/:id',
    summary: 'Edit the seller’s own listing: any of the create fields',
    auth: 'signed-in',
    params: id,
    body: listingUpdateSchema,
    response: { schema: listingDtoSchema },
    errors: [409],
  },
  {
    method: 'DELETE',
    path: '/api/accounts/:id',
    summary: 'Remove the seller’s own listing from sale',
    auth: 'signed-in',
    params: id,
    response: { status: 204 },
    errors: [409],
  },
  { method: 'GET', path: '/api/stats', summary: 'Marketplace figures for the home page', auth: 'anonymous', response: { schema: statsSchema } },
  {
    method: 'GET',
    path: '/api/stats/platforms',
    summary: 'Active listings and average price per platform',
    auth: 'anonymous',
    response: { schema: platformStatsSchema },
  },
  {
    method: 'GET',
    path: '/api/stats/overall',
    summary: 'The figures and the per-platform ones together',
    auth: 'anonymous',
    response: { schema: overallStatsSchema },
  },
])
