import { settingsSchema, settingsUpdateSchema, siteInfoSchema, tradingTermsSchema } from '@shared/api/settings'
import { routeDocs } from '../../http/route-docs'

/** settings.routes.ts */
export const settingsRouteDocs = routeDocs('settings', [
  { method: 'GET', path: '/api/admin/settings', summary: 'Every marketplace setting', auth: 'admin', response: { schema: settingsSchema } },
  {
    method: 'PUT',
    path: '/api/admin/settings',
    summary: 'Change some settings; the others keep their value',
    auth: 'admin',
    body: settingsUpdateSchema,
    response: { schema: settingsSchema },
  },
  {
    method: 'GET',
    path: '/api/site',
    summary: 'What every page shows from the settings (maintenance banner, welcome bonus)',
    auth: 'anonymous',
    response: { schema: siteInfoSchema },
  },
  {
    method: 'GET',
    path: '/api/site/trading',
    summary: 'The rules of a deal as set now: fee, countdowns, reservation time',
    auth: 'anonymous',
    response: { schema: tradingTermsSchema },
  },
])
