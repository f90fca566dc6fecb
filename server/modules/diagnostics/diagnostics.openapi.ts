import { diagnosticReportSchema } from '@shared/api/diagnostics'
import { routeDocs } from '../../http/route-docs'

/** diagnostics.routes.ts */
export const diagnosticsRouteDocs = routeDocs('system', [
  {
    method: 'GET',
    path: '/api/diagnostic',
    summary: 'Status of what the site runs on (503 when a required part is down); findings for admins',
    auth: 'anonymous',
    response: { schema: diagnosticReportSchema },
    errors: [503],
  },
])
