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
} from '@shared/api/moderation'
import { routeDocs, serialIdParam, type RouteDoc } from '../../http/route-docs'

const id = { id: serialIdParam }
const userAction = (action: string, summary: string, body: RouteDoc['body']): RouteDoc => ({
  method: 'POST',
  path: `/api/admin/users/:id/${action}`,
  summary,
  auth: 'admin',
  params: id,
  body,
  response: { schema: adminUserDtoSchema },
  errors: [409],
})
const listingAction = (action: string, summary: string, body: RouteDoc['body']): RouteDoc => ({
  method: 'POST',
  path: `/api/admin/listings/:id/${action}`,
  summary,
  auth: 'admin',
  params: id,
  body,
  response: { schema: adminListingDtoSchema },
  errors: [409],
})

/** moderation.routes.ts: admins only */
export const moderationRouteDocs = routeDocs('moderation', [
  {
    method: 'GET',
    path: '/api/admin/users',
    summary: 'Find accounts by name or email and status',
    auth: 'admin',
    query: adminUserQuerySchema,
    response: { schema: adminUserListSchema },
    pageHeader: 'X-Total-Count',
  },
  userAction('ban', 'Ban a user: every session ends and selling stops', moderationReasonSchema),
  userAction('unban', 'Lift a ban', optionalReasonSchema),
  userAction('flag', 'Record a violation; the user is told the note', flagViolationSchema),
  userAction('delete', 'Delete an account (anonymised; refused while money or a deal is open)', moderationReasonSchema),
  {
    method: 'GET',
    path: '/api/admin/listings/search',
    summary: 'Find listings in any status',
    auth: 'admin',
    query: adminListingQuerySchema,
    response: { schema: adminListingListSchema },
    pageHeader: 'X-Total-Count',
  },
  listingAction('suspend', 'Take an active listing off sale, with a reason', moderationReasonSchema),
  listingAction('restore', 'Put a suspended listing back on sale', optionalReasonSchema),
  listingAction('verify', 'Mark a listing’s account verified', optionalReasonSchema),
  listingAction('flag', 'Record a violation on a listing; the seller is told the note', flagViolationSchema),
])
