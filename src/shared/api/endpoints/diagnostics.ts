import { diagnosticReportSchema } from '../diagnostics'
import { endpoints } from '../endpoint'

/** diagnostics.routes.ts */
export const diagnosticsEndpoints = endpoints('system', {
  getDiagnostic: {
    method: 'GET',
    path: '/api/diagnostic',
    summary: 'Status of what the site runs on (503 when a required part is down); findings for admins',
    auth: 'anonymous',
    response: { schema: diagnosticReportSchema },
    errors: [503],
  },
})
