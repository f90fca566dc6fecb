import type { Endpoint } from '../endpoint'
import { accountSettingsEndpoints } from './account-settings'
import { adminEndpoints } from './admin'
import { apiDocsEndpoints } from './api-docs'
import { auditEndpoints } from './audit'
import { authEndpoints } from './auth'
import { blogEndpoints } from './blog'
import { contactEndpoints } from './contact'
import { conversationsEndpoints } from './conversations'
import { diagnosticsEndpoints } from './diagnostics'
import { emailEndpoints } from './email'
import { transactionEndpoints } from './transactions'
import { imagesEndpoints } from './images'
import { listingsEndpoints } from './listings'
import { mediaEndpoints } from './media'
import { moderationEndpoints } from './moderation'
import { notificationsEndpoints } from './notifications'
import { paymentsEndpoints } from './payments'
import { reviewsEndpoints } from './reviews'
import { sellersEndpoints } from './sellers'
import { sessionsEndpoints } from './sessions'
import { settingsEndpoints } from './settings'
import { twoFactorEndpoints } from './two-factor'
import { webauthnEndpoints } from './webauthn'

/**
 * Every endpoint of the API, module by module. The server mounts each one (tests/integration/openapi.test.ts fails
 * when a mounted /api route is missing here, or a declared one is not mounted) and GET /api/openapi.json lists them.
 */
export const ENDPOINT_TABLES = {
  auth: authEndpoints,
  twoFactor: twoFactorEndpoints,
  webauthn: webauthnEndpoints,
  sessions: sessionsEndpoints,
  accountSettings: accountSettingsEndpoints,
  listings: listingsEndpoints,
  sellers: sellersEndpoints,
  reviews: reviewsEndpoints,
  images: imagesEndpoints,
  media: mediaEndpoints,
  notifications: notificationsEndpoints,
  conversations: conversationsEndpoints,
  escrow: transactionEndpoints,
  payments: paymentsEndpoints,
  blog: blogEndpoints,
  contact: contactEndpoints,
  settings: settingsEndpoints,
  admin: adminEndpoints,
  audit: auditEndpoints,
  moderation: moderationEndpoints,
  email: emailEndpoints,
  diagnostics: diagnosticsEndpoints,
  apiDocs: apiDocsEndpoints,
} as const

/** The endpoints in the order the OpenAPI document lists them. */
export const ALL_ENDPOINTS: readonly Endpoint[] = Object.values(ENDPOINT_TABLES).flatMap((table) => Object.values(table) as Endpoint[])
