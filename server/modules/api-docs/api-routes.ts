import type { TaggedRouteDoc } from '../../http/route-docs'
import { accountSettingsRouteDocs } from '../account-settings/account-settings.openapi'
import { adminRouteDocs } from '../admin/admin.openapi'
import { auditRouteDocs } from '../audit/audit.openapi'
import { authRouteDocs } from '../auth/auth.openapi'
import { twoFactorRouteDocs } from '../auth/two-factor.openapi'
import { webauthnRouteDocs } from '../auth/webauthn.openapi'
import { blogRouteDocs } from '../blog/blog.openapi'
import { contactRouteDocs } from '../contact/contact.openapi'
import { conversationsRouteDocs } from '../conversations/conversations.openapi'
import { diagnosticsRouteDocs } from '../diagnostics/diagnostics.openapi'
import { emailRouteDocs } from '../email/email.openapi'
import { escrowRouteDocs } from '../escrow/escrow.openapi'
import { imagesRouteDocs } from '../images/images.openapi'
import { listingsRouteDocs } from '../listings/listings.openapi'
import { mediaRouteDocs } from '../media/media.openapi'
import { moderationRouteDocs } from '../moderation/moderation.openapi'
import { notificationsRouteDocs } from '../notifications/notifications.openapi'
import { paymentsRouteDocs } from '../payments/payments.openapi'
import { reviewsRouteDocs } from '../reviews/reviews.openapi'
import { sellersRouteDocs } from '../sellers/sellers.openapi'
import { sessionsRouteDocs } from '../sessions/sessions.openapi'
import { settingsRouteDocs } from '../settings/settings.openapi'
import { apiDocsRouteDocs } from './api-docs.openapi'

/**
 * Every documented /api route, module by module: each module's table lives beside its routes file.
 * tests/integration/openapi.test.ts fails when a mounted /api route is missing here, or a listed one is not mounted.
 */
export const API_ROUTES: readonly TaggedRouteDoc[] = [
  ...authRouteDocs,
  ...twoFactorRouteDocs,
  ...webauthnRouteDocs,
  ...sessionsRouteDocs,
  ...accountSettingsRouteDocs,
  ...listingsRouteDocs,
  ...sellersRouteDocs,
  ...reviewsRouteDocs,
  ...imagesRouteDocs,
  ...mediaRouteDocs,
  ...notificationsRouteDocs,
  ...conversationsRouteDocs,
  ...escrowRouteDocs,
  ...paymentsRouteDocs,
  ...blogRouteDocs,
  ...contactRouteDocs,
  ...settingsRouteDocs,
  ...adminRouteDocs,
  ...auditRouteDocs,
  ...moderationRouteDocs,
  ...emailRouteDocs,
  ...diagnosticsRouteDocs,
  ...apiDocsRouteDocs,
]
