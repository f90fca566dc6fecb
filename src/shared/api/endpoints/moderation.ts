import {
  adminListingDtoSchema,
  adminListingListSchema,
  adminListingQuerySchema,
  adminUserDtoSchema,
  adminUserListSchema,
  adminUserQuerySchema,
  flagViolationSchema,
  moderationReasonSchema,
  optionalReasonSchema,
} from '../moderation'
import { endpoints, serialIdParam, type EndpointSpec } from '../endpoint'

const id = { id: serialIdParam }
const userAction = <A extends string, B extends EndpointSpec['body']>(action: A, summary: string, body: B) => ({
  method: 'POST' as const,
  path: `/api/admin/users/:id/${action}` as const,
  summary,
  auth: 'admin' as const,
  params: id,
  body,
  response: { schema: adminUserDtoSchema },
  errors: [409],
})
const listingAction = <A extends string, B extends EndpointSpec['body']>(action: A, summary: string, body: B) => ({
  method: 'POST' as const,
  path: `/api/admin/listings/:id/${action}` as const,
  summary,
  auth: 'admin' as const,
  params: id,
  body,
  response: { schema: adminListingDtoSchema },
  errors: [409],
})

/** moderation.routes.ts: admins only */
export const moderationEndpoints = endpoints('moderation', {
  getAdminUsers: {
    method: 'GET',
    path: '/api/admin/users',
    summary: 'Find accounts by name or email and status',
    auth: 'admin',
    query: adminUserQuerySchema,
    response: { schema: adminUserListSchema },
    pageHeader: 'X-Total-Count',
  },
  banUser: userAction('ban', 'Ban a user: every session ends and selling stops', moderationReasonSchema),
  unbanUser: userAction('unban', 'Lift a ban', optionalReasonSchema),
  flagUser: userAction('flag', 'Record a violation; the user is told the note', flagViolationSchema),
  deleteUser: userAction('delete', 'Delete an account (anonymised; refused while money or a deal is open)', moderationReasonSchema),
  getAdminListingsSearch: {
    method: 'GET',
    path: '/api/admin/listings/search',
    summary: 'Find listings in any status',
    auth: 'admin',
    query: adminListingQuerySchema,
    response: { schema: adminListingListSchema },
    pageHeader: 'X-Total-Count',
  },
  suspendListing: listingAction('suspend', 'Take an active listing off sale, with a reason', moderationReasonSchema),
  restoreListing: listingAction('restore', 'Put a suspended listing back on sale', optionalReasonSchema),
  verifyListing: listingAction('verify', 'Mark a listing’s account verified', optionalReasonSchema),
  flagListing: listingAction('flag', 'Record a violation on a listing; the seller is told the note', flagViolationSchema),
})
