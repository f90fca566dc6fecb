import { settingsSchema, settingsUpdateSchema, siteInfoSchema, tradingTermsSchema } from '../settings'
import { endpoints } from '../endpoint'

/** settings.routes.ts */
export const settingsEndpoints = endpoints('settings', {
  getAdminSettings: {
    method: 'GET',
    path: '/api/admin/settings',
    summary: 'Every marketplace setting',
    auth: 'admin',
    response: { schema: settingsSchema },
  },
  putAdminSettings: {
    method: 'PUT',
    path: '/api/admin/settings',
    summary: 'Change some settings; the others keep their value',
    auth: 'admin',
    body: settingsUpdateSchema,
    response: { schema: settingsSchema },
  },
  getSite: {
    method: 'GET',
    path: '/api/site',
    summary: 'What every page shows from the settings (maintenance banner, welcome bonus)',
    auth: 'anonymous',
    response: { schema: siteInfoSchema },
  },
  getSiteTrading: {
    method: 'GET',
    path: '/api/site/trading',
    summary: 'The rules of a deal as set now: fee, countdowns, reservation time',
    auth: 'anonymous',
    response: { schema: tradingTermsSchema },
  },
})
