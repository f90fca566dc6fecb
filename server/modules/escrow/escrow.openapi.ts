import { z } from 'zod'
import { LIVE_PLATFORMS } from '@shared/constants'
import { checkoutSchema, providerCheckoutRequestSchema } from '@shared/api/payments'
import {
  disputeRequestSchema,
  handoverStepListSchema,
  handoverStepsSchema,
  purchaseRequestSchema,
  quoteQuerySchema,
  quoteSchema,
  resolveRequestSchema,
  transactionDetailSchema,
  transactionListQuerySchema,
  transactionListSchema,
} from '@shared/api/transactions'
import { routeDocs, serialIdParam, type RouteAuth, type RouteDoc } from '../../http/route-docs'

const id = { id: serialIdParam }
const STEP_ROUTE = '/api/transactions/:id/:step'

/** One step of a deal (POST /api/transactions/:id/:step); who may take it, and when, is the state machine's. */
const step = (name: string, summary: string, options: { auth?: RouteAuth; body?: z.ZodType } = {}): RouteDoc => ({
  method: 'POST',
  path: `/api/transactions/:id/${name}`,
  mountedAs: STEP_ROUTE,
  summary,
  auth: options.auth ?? 'signed-in',
  params: id,
  body: options.body,
  response: { schema: transactionDetailSchema },
  errors: [409],
  idempotent: true,
})

/** escrow.routes.ts and handover-steps.routes.ts; a deal one is not part of is a 404 */
export const escrowRouteDocs = routeDocs('escrow', [
  {
    method: 'GET',
    path: '/api/transactions',
    summary: 'The user’s deals as buyer or seller, newest first',
    auth: 'signed-in',
    query: transactionListQuerySchema,
    response: { schema: transactionListSchema },
    pageHeader: 'X-Total-Count',
  },
  {
    method: 'GET',
    path: '/api/transactions/all',
    summary: 'Every deal',
    auth: 'admin',
    query: transactionListQuerySchema.omit({ role: true }),
    response: { schema: transactionListSchema },
    pageHeader: 'X-Total-Count',
  },
  {
    method: 'GET',
    path: '/api/transactions/quote',
    summary: 'What buying a listing costs, for each way to pay',
    auth: 'signed-in',
    query: quoteQuerySchema,
    response: { schema: quoteSchema },
  },
  {
    method: 'GET',
    path: '/api/transactions/:id',
    summary: 'One deal with its timeline, checklist and the viewer’s next steps',
    auth: 'signed-in',
    params: id,
    response: { schema: transactionDetailSchema },
  },
  {
    method: 'POST',
    path: '/api/transactions',
    summary:
      'Start buying a listing: it is reserved and the conversation with the seller opens; with pay: balance it is paid from the balance in the same step',
    auth: 'signed-in',
    body: purchaseRequestSchema,
    response: { status: 201, schema: transactionDetailSchema },
    errors: [409],
    idempotent: true,
  },
  {
    method: 'POST',
    path: '/api/transactions/:id/checkout',
    summary: 'Pay a pending deal at the provider instead of from the balance: its hosted checkout',
    auth: 'signed-in',
    params: id,
    body: providerCheckoutRequestSchema,
    response: { schema: checkoutSchema },
    errors: [409, 502, 503],
  },
  {
    method: 'POST',
    path: '/api/transactions/:id/checklist/:itemId',
    summary: 'Tick a handover checklist step (seller: done; buyer: confirmed)',
    auth: 'signed-in',
    params: { id: serialIdParam, itemId: serialIdParam },
    response: { schema: transactionDetailSchema },
    errors: [409],
    idempotent: true,
  },
  step('pay', 'Buyer pays price and escrow fee from the balance into escrow'),
  step('send-invite', 'Seller: the platform’s ownership invite was sent'),
  step('confirm-access', 'Buyer: the invite worked'),
  step('start-countdown', 'Seller: the ownership transfer has started; its waiting period runs'),
  step('release', 'Buyer: release the funds to the seller now'),
  step('cancel', 'Either side, before payment: the listing is free again'),
  step('refund', 'Seller backs out after payment: the escrow goes back to the buyer'),
  step('dispute', 'Either side, while money is held: an admin decides', { body: disputeRequestSchema }),
  step('resolve-release', 'Admin settles a dispute: funds to the seller', { auth: 'admin', body: resolveRequestSchema }),
  step('resolve-refund', 'Admin settles a dispute: funds back to the buyer', { auth: 'admin', body: resolveRequestSchema }),
  {
    method: 'GET',
    path: '/api/admin/handover-steps',
    summary: 'The handover checklist’s steps per platform',
    auth: 'admin',
    response: { schema: handoverStepListSchema },
  },
  {
    method: 'PUT',
    path: '/api/admin/handover-steps/:platform',
    summary: 'Replace a platform’s steps (running deals keep their copy)',
    auth: 'admin',
    params: { platform: z.enum(LIVE_PLATFORMS) },
    body: handoverStepsSchema,
    response: {
      schema: z.object({
        platform: z.enum(LIVE_PLATFORMS),
        steps: z.array(z.object({ position: z.int(), title: z.string(), description: z.string() })),
      }),
    },
  },
])
