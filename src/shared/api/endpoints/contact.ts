import { contactListQuerySchema, contactMessageListSchema, contactMessageSchema, contactReceiptSchema } from '../contact'
import { endpoints } from '../endpoint'

/** contact.routes.ts */
export const contactEndpoints = endpoints('contact', {
  postContact: {
    method: 'POST',
    path: '/api/contact',
    summary: 'Send a message to the team (stored and emailed to the admins)',
    auth: 'anonymous',
    body: contactMessageSchema,
    response: { status: 201, schema: contactReceiptSchema },
    errors: [429],
  },
  getAdminContact: {
    method: 'GET',
    path: '/api/admin/contact',
    summary: 'Messages sent through the contact form, newest first',
    auth: 'admin',
    query: contactListQuerySchema,
    response: { schema: contactMessageListSchema },
    pageHeader: 'X-Total-Count',
  },
})
