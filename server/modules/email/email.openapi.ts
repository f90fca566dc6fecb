import { z } from 'zod'
import { emailDiagnosticSchema, outboxResponseSchema } from '@shared/api/email'
import { routeDocs } from '../../http/route-docs'

/** email.routes.ts */
export const emailRouteDocs = routeDocs('system', [
  {
    method: 'GET',
    path: '/api/email/outbox',
    summary: 'Mail kept instead of sent when no SMTP server is set (admins only, in every environment)',
    auth: 'admin',
    query: z.object({ limit: z.string().optional().describe('1 to 200; 50 when absent or not a number') }),
    response: { schema: outboxResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/email/diagnostic',
    summary: 'Whether email works (503 when it does not); details for admins',
    auth: 'anonymous',
    response: { schema: emailDiagnosticSchema },
    errors: [503],
  },
])
