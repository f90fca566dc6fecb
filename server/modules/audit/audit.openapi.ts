import { auditEntryListSchema, auditQuerySchema } from '@shared/api/audit'
import { routeDocs } from '../../http/route-docs'

/** audit.routes.ts */
export const auditRouteDocs = routeDocs('admin', [
  {
    method: 'GET',
    path: '/api/admin/audit',
    summary: 'The audit log of admin actions, newest first, filtered',
    auth: 'admin',
    query: auditQuerySchema,
    response: { schema: auditEntryListSchema },
    pageHeader: 'X-Total-Count',
  },
])
