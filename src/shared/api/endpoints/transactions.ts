import { z } from 'zod'
import { LIVE_PLATFORMS } from '../../constants'
import { checkoutSchema, providerCheckoutRequestSchema } from '../payments'
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
  type TransactionAction,
} from '../transactions'
import { endpoints, serialIdParam, type Endpoint, type RouteAuth } from '../endpoint'

const id = { id: serialIdParam }
const STEP_ROUTE = '/api/transactions/:id/:step'

/** One step of a deal (POST /api/transactions/:id/:step); who may take it, and when, is the state machine's. */
const step = <N extends string, B extends z.ZodType | undefined = undefined>(
  name: N,
  summary: string,
  options: { auth?: RouteAuth; body?: B } = {},
) => ({
  method: 'POST' as const,
  path: `/api/transactions/:id/${name}` as const,
  mountedAs: STEP_ROUTE,
  summary,
  auth: options.auth ?? ('signed-in' as const),
  params: id,
  // NoInfer: otherwise the table's contextual type (any body) is inferred for a step given none, which then seems to take one
  body: options.body as NoInfer<B>,
  response: { schema: transactionDetailSchema },
  errors: [409],
  idempotent: true as const,
})

/** transactions.routes.ts and handover-steps.routes.ts; a deal one is not part of is a 404 */
// tagged 'escrow' in the OpenAPI document, as it always was: the published document keeps its tags
export const transactionEndpoints = endpoints('escrow', {
  getTransactions: {
    method: 'GET',
    path: '/api/transactions',
    summary: 'The user’s deals as buyer or seller, newest first',
    auth: 'signed-in',
    query: transactionListQuerySchema,
    response: { schema: transactionListSchema },
    pageHeader: 'X-Total-Count',
  },
  getTransactionsAll: {
    method: 'GET',
    path: '/api/transactions/all',
    summary: 'Every deal',
    auth: 'admin',
    query: transactionListQuerySchema.omit({ role: true }),
    response: { schema: transactionListSchema },
    pageHeader: 'X-Total-Count',
  },
  getTransactionsQuote: {
    method: 'GET',
    path: '/api/transactions/quote',
    summary: 'What buying a listing costs, for each way to pay',
    auth: 'signed-in',
    query: quoteQuerySchema,
    response: { schema: quoteSchema },
  },
  getTransactionsById: {
    method: 'GET',
    path: '/api/transactions/:id',
    summary: 'One deal with its timeline, checklist and the viewer’s next steps',
    auth: 'signed-in',
    params: id,
    response: { schema: transactionDetailSchema },
  },
  postTransactions: {
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
  postTransactionsCheckout: {
    method: 'POST',
    path: '/api/transactions/:id/checkout',
    summary: 'Pay a pending deal at the provider instead of from the balance: its hosted checkout',
    auth: 'signed-in',
    params: id,
    body: providerCheckoutRequestSchema,
    response: { schema: checkoutSchema },
    errors: [409, 502, 503],
  },
  postTransactionsChecklistByItemId: {
    method: 'POST',
    path: '/api/transactions/:id/checklist/:itemId',
    summary: 'Tick a handover checklist step (seller: done; buyer: confirmed)',
    auth: 'signed-in',
    params: { id: serialIdParam, itemId: serialIdParam },
    response: { schema: transactionDetailSchema },
    errors: [409],
    idempotent: true,
  },
  pay: step('pay', 'Buyer pays price and escrow fee from the balance into escrow'),
  sendInvite: step('send-invite', 'Seller: the platform’s ownership invite was sent'),
  confirmAccess: step('confirm-access', 'Buyer: the invite worked'),
  startCountdown: step('start-countdown', 'Seller: the ownership transfer has started; its waiting period runs'),
  release: step('release', 'Buyer: release the funds to the seller now'),
  cancel: step('cancel', 'Either side, before payment: the listing is free again'),
  refund: step('refund', 'Seller backs out after payment: the escrow goes back to the buyer'),
  dispute: step('dispute', 'Either side, while money is held: an admin decides', { body: disputeRequestSchema }),
  resolveRelease: step('resolve-release', 'Admin settles a dispute: funds to the seller', { auth: 'admin', body: resolveRequestSchema }),
  resolveRefund: step('resolve-refund', 'Admin settles a dispute: funds back to the buyer', { auth: 'admin', body: resolveRequestSchema }),
  getAdminHandoverSteps: {
    method: 'GET',
    path: '/api/admin/handover-steps',
    summary: 'The handover checklist’s steps per platform',
    auth: 'admin',
    response: { schema: handoverStepListSchema },
  },
  putAdminHandoverStepsByPlatform: {
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
})

/** Each step of a deal by its action: the one map from an action to its endpoint, for the server and the renderer. */
export const STEP_ENDPOINTS = {
  pay: transactionEndpoints.pay,
  send_invite: transactionEndpoints.sendInvite,
  confirm_access: transactionEndpoints.confirmAccess,
  start_countdown: transactionEndpoints.startCountdown,
  release: transactionEndpoints.release,
  cancel: transactionEndpoints.cancel,
  refund: transactionEndpoints.refund,
  dispute: transactionEndpoints.dispute,
  resolve_release: transactionEndpoints.resolveRelease,
  resolve_refund: transactionEndpoints.resolveRefund,
} as const satisfies Record<TransactionAction, Endpoint>

/** The URL segment of a step: POST /api/transactions/{id}/{segment}. */
export const stepSegment = (action: TransactionAction): string => STEP_ENDPOINTS[action].path.slice(STEP_ENDPOINTS[action].path.lastIndexOf('/') + 1)
