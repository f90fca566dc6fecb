import {
  listingDtoSchema,
  listingInputSchema,
  listingListSchema,
  listingUpdateSchema,
  overallStatsSchema,
  platformStatsSchema,
  statsSchema,
} from '../listings'
import { listingQuerySchema } from '../../listings/filter'
import { endpoints, serialIdParam } from '../endpoint'

const id = { id: serialIdParam }

/** /api/accounts and /api/stats (listings.routes.ts) */
export const listingsEndpoints = endpoints('listings', {
  getAccounts: {
    method: 'GET',
    path: '/api/accounts',
    summary: 'The catalogue: active listings filtered, sorted and paged',
    auth: 'anonymous',
    query: listingQuerySchema,
    response: { schema: listingListSchema },
    pageHeader: 'X-Total-Count',
  },
  getAccountsSearch: {
    method: 'GET',
    path: '/api/accounts/search',
    summary: 'The first page of the catalogue for a search (the same filters)',
    auth: 'anonymous',
    query: listingQuerySchema,
    response: { schema: listingListSchema },
    pageHeader: 'X-Total-Count',
  },
  getAccountsFeatured: {
    method: 'GET',
    path: '/api/accounts/featured',
    summary: 'Pinned and premium listings for the home page',
    auth: 'anonymous',
    response: { schema: listingListSchema },
  },
  getAccountsUser: {
    method: 'GET',
    path: '/api/accounts/user',
    summary: 'The signed-in seller’s own listings in every status',
    auth: 'signed-in',
    response: { schema: listingListSchema },
  },
  getAccountsById: {
    method: 'GET',
    path: '/api/accounts/:id',
    summary: 'One listing: active ones for everyone, any status for its seller and admins',
    auth: 'anonymous',
    params: id,
    response: { schema: listingDtoSchema },
  },
  postAccounts: {
    method: 'POST',
    path: '/api/accounts',
    summary: 'Create a listing (waits for an admin’s approval when the settings ask for it)',
    auth: 'signed-in',
    body: listingInputSchema,
    response: { status: 201, schema: listingDtoSchema },
    errors: [409],
  },
  patchAccountsById: {
    method: 'PATCH',
    path: '/api/accounts/:id',
    summary: 'Edit the seller’s own listing: any of the create fields',
    auth: 'signed-in',
    params: id,
    body: listingUpdateSchema,
    response: { schema: listingDtoSchema },
    errors: [409],
  },
  deleteAccountsById: {
    method: 'DELETE',
    path: '/api/accounts/:id',
    summary: 'Remove the seller’s own listing from sale',
    auth: 'signed-in',
    params: id,
    response: { status: 204 },
    errors: [409],
  },
  getStats: {
    method: 'GET',
    path: '/api/stats',
    summary: 'Marketplace figures for the home page',
    auth: 'anonymous',
    response: { schema: statsSchema },
  },
  getStatsPlatforms: {
    method: 'GET',
    path: '/api/stats/platforms',
    summary: 'Active listings and average price per platform',
    auth: 'anonymous',
    response: { schema: platformStatsSchema },
  },
  getStatsOverall: {
    method: 'GET',
    path: '/api/stats/overall',
    summary: 'The figures and the per-platform ones together',
    auth: 'anonymous',
    response: { schema: overallStatsSchema },
  },
})
