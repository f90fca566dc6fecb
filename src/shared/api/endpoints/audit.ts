import { auditEntryListSchema, auditQuerySchema } from '../audit'
import { endpoints } from '../endpoint'

/** audit.routes.ts */
export const auditEndpoints = endpoints('admin', {
  getAdminAudit: {
    method: 'GET',
    path: '/api/admin/audit',
    summary: 'The audit log of admin actions, newest first, filtered',
    auth: 'admin',
    query: auditQuerySchema,
    response: { schema: auditEntryListSchema },
    pageHeader: 'X-Total-Count',
  },
})
