import { moderationReasonSchema } from '../moderation'
import { dealReviewSchema, removedReviewSchema, reviewDtoSchema, reviewListQuerySchema, reviewRequestSchema, sellerReviewsSchema } from '../reviews'
import { endpoints, serialIdParam } from '../endpoint'

const id = { id: serialIdParam }

/** reviews.routes.ts: a deal's review and a seller's reviews */
export const reviewsEndpoints = endpoints('reviews', {
  getTransactionsReview: {
    method: 'GET',
    path: '/api/transactions/:id/review',
    summary: 'The deal’s review, for its parties and admins',
    auth: 'signed-in',
    params: id,
    response: { schema: dealReviewSchema },
  },
  postTransactionsReview: {
    method: 'POST',
    path: '/api/transactions/:id/review',
    summary: 'The buyer of a completed deal rates the seller, once',
    auth: 'signed-in',
    params: id,
    body: reviewRequestSchema,
    response: { status: 201, schema: reviewDtoSchema },
    errors: [409],
  },
  getSellersReviews: {
    method: 'GET',
    path: '/api/sellers/:id/reviews',
    summary: 'A seller’s rating, stars histogram and one page of reviews, newest first',
    auth: 'anonymous',
    params: id,
    query: reviewListQuerySchema,
    response: { schema: sellerReviewsSchema },
    pageHeader: 'X-Total-Count',
  },
  postAdminReviewsRemove: {
    method: 'POST',
    path: '/api/admin/reviews/:id/remove',
    summary: 'An admin removes a review with a reason: off the seller’s page and rating; the deal cannot be reviewed again',
    auth: 'admin',
    params: id,
    body: moderationReasonSchema,
    response: { schema: removedReviewSchema },
    errors: [404, 409],
  },
})
