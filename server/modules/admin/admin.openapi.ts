import { z } from 'zod'
import { adminDisputeListSchema, adminStatsQuerySchema, adminStatsSchema, disputeEvidenceSchema, pageQuerySchema } from '@shared/api/admin-dashboard'
import {
  adminDealListSchema,
  adminDealQuerySchema,
  adminOrderQuerySchema,
  adminPaymentOrderListSchema,
  paymentMonitorSummarySchema,
  reconcileResultSchema,
  refundOrderRequestSchema,
  refundResultSchema,
  resolveReversalRequestSchema,
  resolveReversalResultSchema,
} from '@shared/api/admin-payments'
import { LISTING_STATUSES, listingDtoSchema, listingListSchema, rejectListingSchema } from '@shared/api/listings'
import { routeDocs, serialIdParam } from '../../http/route-docs'

const id = { id: serialIdParam }

/** admin-dashboard.routes.ts, admin-listings.routes.ts and admin-payments.routes.ts: admins only */
export const adminRouteDocs = routeDocs('admin', [
  { method: 'GET', path: '/api/admin/stats', summary: 'Dashboard figures and their daily series', auth: 'admin', query: adminStatsQuerySchema, response: { schema: adminStatsSchema } },
  {
    method: 'GET',
    path: '/api/admin/disputes',
    summary: 'Deals in dispute, the longest-waiting first',
    auth: 'admin',
    query: pageQuerySchema,
    response: { schema: adminDisputeListSchema },
    pageHeader: 'X-Total-Count',
  },
  { method: 'GET', path: '/api/admin/disputes/:id', summary: 'A deal’s evidence: timeline, checklist and chat', auth: 'admin', params: id, response: { schema: disputeEvidenceSchema } },
  {
    method: 'GET',
    path: '/api/admin/listings',
    summary: 'The review queue (or the listings in another status)',
    auth: 'admin',
    query: z.object({ status: z.enum(LISTING_STATUSES).optional().describe('pending_review when absent') }),
    response: { schema: listingListSchema },
    pageHeader: 'X-Total-Count',
  },
  { method: 'POST', path: '/api/admin/listings/:id/approve', summary: 'Approve a listing waiting for review', auth: 'admin', params: id, response: { schema: listingDtoSchema }, errors: [409] },
  {
    method: 'POST',
    path: '/api/admin/listings/:id/reject',
    summary: 'Reject a listing waiting for review, with a reason the seller reads',
    auth: 'admin',
    params: id,
    body: rejectListingSchema,
    response: { schema: listingDtoSchema },
    errors: [409],
  },
  { method: 'GET', path: '/api/admin/payments/summary', summary: 'How many orders and deals are stuck now', auth: 'admin', response: { schema: paymentMonitorSummarySchema } },
  {
    method: 'GET',
    path: '/api/admin/payments/orders',
    summary: 'Payment orders, filtered and paged',
    auth: 'admin',
    query: adminOrderQuerySchema,
    response: { schema: adminPaymentOrderListSchema },
    pageHeader: 'X-Total-Count',
  },
  { method: 'GET', path: '/api/admin/payments/orders.csv', summary: 'The same orders as CSV (page ignored)', auth: 'admin', query: adminOrderQuerySchema, response: { type: 'text/csv' } },
  {
    method: 'POST',
    path: '/api/admin/payments/orders/:orderId/reconcile',
    summary: 'Ask the provider about one order and settle it accordingly',
    auth: 'admin',
    params: { orderId: z.string().max(200).describe('deposit_{userId}_{unixSeconds} or trans_{transactionId}') },
    response: { schema: reconcileResultSchema },
    errors: [502, 503],
  },
  {
    method: 'POST',
    path: '/api/admin/payments/orders/:orderId/refund',
    summary: 'Send a payment held for an operator (paid, not credited) back to the payer at the provider',
    auth: 'admin',
    params: { orderId: z.string().max(200).describe('deposit_{userId}_{unixSeconds} or trans_{transactionId}') },
    body: refundOrderRequestSchema,
    response: { schema: refundResultSchema },
    errors: [409, 503],
  },
  {
    method: 'POST',
    path: '/api/admin/payments/orders/:orderId/resolve-reversal',
    summary: 'Mark the money of a credited payment the provider gave back to the payer as recovered, with a note for the audit log',
    auth: 'admin',
    params: { orderId: z.string().max(200).describe('deposit_{userId}_{unixSeconds} or trans_{transactionId}') },
    body: resolveReversalRequestSchema,
    response: { schema: resolveReversalResultSchema },
    errors: [409],
  },
  {
    method: 'GET',
    path: '/api/admin/payments/transactions',
    summary: 'Escrow deals, filtered and paged',
    auth: 'admin',
    query: adminDealQuerySchema,
    response: { schema: adminDealListSchema },
    pageHeader: 'X-Total-Count',
  },
  { method: 'GET', path: '/api/admin/payments/transactions.csv', summary: 'The same deals as CSV (page ignored)', auth: 'admin', query: adminDealQuerySchema, response: { type: 'text/csv' } },
])
