import { moderationReasonSchema } from '@shared/api/moderation'
import {
  dealReviewSchema,
  removedReviewSchema,
  reviewDtoSchema,
  reviewListQuerySchema,
  reviewRequestSchema,
  sellerReviewsSchema,
} from '@shared/api/reviews'
import { routeDocs, serialIdParam } from '../../http/route-docs'

const id = { id: serialIdParam }

/** reviews.routes.ts: a deal's review and a seller's reviews */
export const reviewsRouteDocs = routeDocs('reviews', [
  {
    method: 'GET',
    path: '/api/transactions/:id/review',
    summary: 'The deal’s review, for its parties and admins',
    auth: 'signed-in',
    params: id,
    response: { schema: dealReviewSchema },
  },
  {
    method: 'POST',
    path: '/api/transactions/:id/review',
    summary: 'The buyer of a completed deal rates the seller, once',
    auth: 'signed-in',
    params: id,
    body: reviewRequestSchema,
    response: { status: 201, schema: reviewDtoSchema },
    errors: [409],
  },
  {
    method: 'GET',
    path: '/api/sellers/:id/reviews',
    summary: 'A seller’s rating, stars histogram and one page of reviews, newest first',
    auth: 'anonymous',
    params: id,
    query: reviewListQuerySchema,
    response: { schema: sellerReviewsSchema },
    pageHeader: 'X-Total-Count',
  },
  {
    method: 'POST',
    path: '/api/admin/reviews/:id/remove',
    summary: 'An admin removes a review with a reason: off the seller’s page and rating; the deal cannot be reviewed again',
    auth: 'admin',
    params: id,
    body: moderationReasonSchema,
    response: { schema: removedReviewSchema },
    errors: [404, 409],
  },
])
