import { routeDocs } from '../../http/route-docs'

/** api-docs.routes.ts */
export const apiDocsRouteDocs = routeDocs('system', [
  { method: 'GET', path: '/api/openapi.json', summary: 'This document (OpenAPI 3.1)', auth: 'anonymous' },
  { method: 'GET', path: '/api/docs', summary: 'This document as a page to read', auth: 'anonymous', response: { type: 'text/html' } },
])
