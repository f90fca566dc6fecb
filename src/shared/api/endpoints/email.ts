import { z } from 'zod'
import { emailDiagnosticSchema, outboxResponseSchema } from '../email'
import { endpoints } from '../endpoint'

/** email.routes.ts */
export const emailEndpoints = endpoints('system', {
  getEmailOutbox: {
    method: 'GET',
    path: '/api/email/outbox',
    summary: 'Mail kept instead of sent when no SMTP server is set (admins only, in every environment)',
    auth: 'admin',
    query: z.object({ limit: z.string().optional().describe('1 to 200; 50 when absent or not a number') }),
    response: { schema: outboxResponseSchema },
  },
  getEmailDiagnostic: {
    method: 'GET',
    path: '/api/email/diagnostic',
    summary: 'Whether email works (503 when it does not); details for admins',
    auth: 'anonymous',
    response: { schema: emailDiagnosticSchema },
    errors: [503],
  },
})
