import type Router from '@koa/router'
import type { AppState } from '../../http/context'
import { adminReviewRoutes, reviewsRoutes } from './reviews.routes'
import { ReviewsService, type ReviewsDeps } from './reviews.service'

export interface ReviewsModule {
  reviews: ReviewsService
  routers: { reviews: Router<AppState>; admin: Router<AppState> }
}

export function createReviewsModule(deps: ReviewsDeps): ReviewsModule {
  const { deal, notifications, bus, logger } = deps
  const reviews = new ReviewsService({ deal, notifications, bus, logger })
  return {
    reviews,
    routers: { reviews: reviewsRoutes({ reviews, announce: { bus, logger } }), admin: adminReviewRoutes({ reviews }) },
  }
}
