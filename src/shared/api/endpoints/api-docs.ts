import { endpoints } from '../endpoint'

/** api-docs.routes.ts */
export const apiDocsEndpoints = endpoints('system', {
  getOpenapiJson: { method: 'GET', path: '/api/openapi.json', summary: 'This document (OpenAPI 3.1)', auth: 'anonymous' },
  getDocs: { method: 'GET', path: '/api/docs', summary: 'This document as a page to read', auth: 'anonymous', response: { type: 'text/html' } },
})
