import { createHmac, timingSafeEqual } from 'node:crypto'
import Router from '@koa/router'
import type { EntityManager } from '@mikro-orm/postgresql'
import { sessionUserId, type AppContext, type AppState } from '../../../http/context'
import { PaymentOrder } from '../payment.entities'
import { ORDER_TTL_MS } from '../payment-crediting'
import { returnUrl } from '../provider-common'
import { checkoutPage, messagePage } from './sandbox.page'
import { sandboxCheckoutKey, type SandboxOutcome, type SandboxProvider } from './sandbox.provider'

const OUTCOMES: readonly SandboxOutcome[] = ['paid', 'failed', 'cancelled']
const FORM_LIMIT_BYTES = 4096

export interface SandboxRoutesDeps {
  sandbox: SandboxProvider
  publicUrl: string
  secret: string
  /**
   * Handover told of a payment that failed or was cancelled here, as a provider's webhook would tell it: the order
   * leaves "awaiting payment" at once, whether or not the browser comes back. A payment made here is credited by the
   * return screen or a webhook, as with any provider.
   */
  notify?: (em: EntityManager, order: PaymentOrder) => Promise<void>
}

/** The form's token: bound to this checkout attempt and this user, so another site cannot press Pay for them. */
const formToken = (secret: string, ref: string, userId: number) =>
  createHmac('sha256', secret).update(`sandbox-checkout:${ref}:${userId}`).digest('base64url')

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** The body of an HTML form post (the API's parser reads JSON only), at most a few kilobytes. */
async function readForm(ctx: AppContext): Promise<URLSearchParams> {
  if (!ctx.is('application/x-www-form-urlencoded')) return new URLSearchParams()
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length
    if (size > FORM_LIMIT_BYTES) ctx.throw(413, 'Form too large')
    chunks.push(chunk as Buffer)
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

/** The `?key=` of a desktop checkout's link when it is this order's (see sandboxCheckoutKey), else null. */
function keyOf(ctx: AppContext, secret: string, order: PaymentOrder | null): string | null {
  const key = ctx.query.key
  if (typeof key !== 'string' || !order?.providerRef || order.returnTo !== 'desktop') return null
  return sameToken(key, sandboxCheckoutKey(secret, order.providerRef)) ? key : null
}

/**
 * The sandbox provider's hosted checkout (only when PAYMENTS_PROVIDER=sandbox): a plain server-rendered page for
 * the order's owner, whose buttons send the browser back to /payment/trustap/return as a real provider does, or
 * to the desktop app's `handover://` link for a checkout the app opened in the system browser.
 */
export function sandboxRoutes(deps: SandboxRoutesDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/sandbox/checkout' })
  const { sandbox, publicUrl, secret } = deps

  function send(ctx: AppContext, status: number, html: string, order?: PaymentOrder) {
    ctx.status = status
    ctx.type = 'text/html; charset=utf-8'
    // browsers hold the redirect after a form post to form-action too: a desktop return needs the app's scheme
    const returnTargets = order?.returnTo === 'desktop' ? `${new URL(publicUrl).origin} handover:` : new URL(publicUrl).origin
    // a pay button must not be framed by another site; the page needs nothing but its own inline style
    ctx.set(
      'Content-Security-Policy',
      `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${returnTargets}; frame-ancestors 'none'; base-uri 'none'`,
    )
    ctx.set('X-Frame-Options', 'DENY')
    ctx.set('Cache-Control', 'no-store')
    // same-origin, not no-referrer: under no-referrer a browser sends `Origin: null` with the form post, which CSRF protection refuses
    ctx.set('Referrer-Policy', 'same-origin')
    ctx.body = html
  }

  /**
   * The signed-in owner's sandbox order, or the one a desktop checkout's key opens; else a page saying why not (a
   * stranger learns nothing: 404). The form token is the owner's either way.
   */
  async function ownOrder(ctx: AppContext): Promise<{ order: PaymentOrder; userId: number; key: string | null } | null> {
    const userId = sessionUserId(ctx)
    const order = await ctx.state.em.findOne(PaymentOrder, { orderId: ctx.params.orderId ?? '' })
    const key = keyOf(ctx, secret, order)
    const byKey = key !== null
    if (userId === null && !byKey) {
      send(
        ctx,
        401,
        messagePage('Sign in to pay', 'This checkout belongs to a Handover account. Sign in, then open it again.', {
          href: '/login',
          label: 'Sign in',
        }),
      )
      return null
    }
    if (!order || (!byKey && order.user.id !== userId) || order.provider !== 'sandbox' || !order.providerRef) {
      send(ctx, 404, messagePage('Checkout not found', 'There is no checkout here for your account.', { href: '/', label: 'Back to Handover' }))
      return null
    }
    return { order, userId: order.user.id, key }
  }

  router.get('/:orderId', async (ctx) => {
    const found = await ownOrder(ctx)
    if (!found) return
    const { order, userId, key } = found
    const decided = await sandbox.outcomeOf(ctx.state.em, order.providerRef!)
    if (decided) {
      return send(
        ctx,
        200,
        messagePage('Checkout finished', `This payment was ${decided} already.`, { href: returnUrl(publicUrl, order, decided), label: 'Continue' }),
        order,
      )
    }
    if (Date.now() - order.createdAt.getTime() > ORDER_TTL_MS) {
      return send(
        ctx,
        410,
        messagePage('Checkout expired', 'This checkout is more than a day old. Start a new payment.', {
          href: '/balance',
          label: 'Back to Handover',
        }),
      )
    }
    send(
      ctx,
      200,
      checkoutPage({
        orderId: order.orderId,
        kind: order.kind,
        method: order.method,
        amountCents: order.amountCents,
        feeCents: order.processorFeeCents,
        totalCents: order.totalCents,
        token: formToken(secret, order.providerRef!, userId),
        // a desktop checkout's key rides along, since the browser posting the form may have no session
        action: `/sandbox/checkout/${encodeURIComponent(order.orderId)}${key ? `?key=${encodeURIComponent(key)}` : ''}`,
      }),
      order,
    )
  })

  router.post('/:orderId', async (ctx) => {
    const form = await readForm(ctx)
    const found = await ownOrder(ctx)
    if (!found) return
    const { order, userId } = found
    const outcome = form.get('outcome') as SandboxOutcome | null
    if (!sameToken(form.get('token') ?? '', formToken(secret, order.providerRef!, userId)) || !outcome || !OUTCOMES.includes(outcome)) {
      return send(
        ctx,
        403,
        messagePage('Checkout refused', 'This form is out of date. Open the checkout again.', { href: ctx.url, label: 'Open the checkout' }),
      )
    }
    if (outcome === 'paid' && Date.now() - order.createdAt.getTime() > ORDER_TTL_MS) {
      return send(
        ctx,
        410,
        messagePage('Checkout expired', 'This checkout is more than a day old. Start a new payment.', {
          href: '/balance',
          label: 'Back to Handover',
        }),
      )
    }
    const final = (await sandbox.decide(ctx.state.em, order.providerRef!, outcome)) ?? outcome
    if (final !== 'paid') await deps.notify?.(ctx.state.em, order)
    // 303: the browser follows with a GET, as after any provider's hosted page
    ctx.status = 303
    ctx.redirect(returnUrl(publicUrl, order, final))
  })

  return router
}
