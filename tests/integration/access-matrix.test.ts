import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '../../src/shared/api/auth'
import { signedInSessionListSchema } from '../../src/shared/api/sessions'
import { Passkey } from '../../server/modules/auth/two-factor.entities'
import type { RunningServer } from '../../server/server'
import { documentedApiRoutes } from '../support/api-routes'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { ApiClient } from '../support/http-client'
import { addUser, PASSWORD, type TestUser } from '../support/payments'
import { anonymousClient, createOwnerResources, type OwnerResources } from '../support/resources'
import { startTestServer } from '../support/server'

/**
 * The access policy of the API, written out: every documented route × {visitor, another user, a banned user, an
 * admin, the owner} → the status each gets, over real resources of one user (the owner). Responses to the visitor,
 * the other user and the banned user must carry none of the owner's private data.
 *
 * A ban ends every session of the user at once, so a banned user's cookie is a visitor's: 401 wherever a session is
 * needed (and signing in again is refused, see the last test).
 */

type Who = 'anonymous' | 'other' | 'banned' | 'admin' | 'owner'
const WHO: Who[] = ['anonymous', 'other', 'banned', 'admin', 'owner']

/** A status; `ok` any 2xx; `reached` past the access checks (not 401, 403 or 404): the resource's state or the body decides. */
type Expect = number | 'ok' | 'reached'
type Policy = Record<Who, Expect>

interface Call {
  method: string
  path: string
  body?: unknown
}

interface Row {
  call: (fx: OwnerResources) => Call
  expect: Policy
  /** ids of the owner's that must not be in a list answered to the others (top-level items' `id`) */
  privateIds?: (fx: OwnerResources) => number[]
  /** fields the others must not get */
  privateFields?: string[]
}

// ── the policy in a few words ─────────────────────────────────────────────────────────────────────────────────
/** anyone, signed in or not */
const everyone = (e: Expect = 'ok'): Policy => ({ anonymous: e, other: e, banned: e, admin: e, owner: e })
/** a session needed; each caller gets their own (no id in the path to point at someone else's) */
const ownAccount = (e: Expect = 'ok'): Policy => ({ anonymous: 401, other: e, banned: 401, admin: e, owner: e })
/** the owner's resource: the owner and admins; anyone else is told it does not exist */
const ownerAndAdmins = (owner: Expect = 'ok', admin: Expect = 'ok'): Policy => ({ anonymous: 401, other: 404, banned: 401, admin, owner })
/** the owner's alone, admins included out */
const ownerOnly = (owner: Expect = 'ok', others: 403 | 404 = 404): Policy => ({ anonymous: 401, other: others, banned: 401, admin: others, owner })
/** the admin area */
const adminsOnly = (admin: Expect = 'ok'): Policy => ({ anonymous: 401, other: 403, banned: 401, admin, owner: 403 })

const get = (path: string): Call => ({ method: 'GET', path })
const post = (path: string, body: unknown = {}): Call => ({ method: 'POST', path, body })

const STEP_BODIES: Record<string, unknown> = {
  dispute: { reason: 'The seller never sent the ownership invite' },
  'resolve-release': { note: 'The invite was sent; funds go to the seller' },
  'resolve-refund': { note: 'Refunded after review' },
}

/** Keyed by documented operation ("METHOD /path"); a route with several resources to show has several rows. */
const POLICY: Record<string, Row | Row[]> = {
  // ── auth: public; a body the schema refuses shows the route was reached without signing anyone in or up
  'POST /api/auth/signup': { call: () => post('/api/auth/signup'), expect: everyone('reached') },
  'POST /api/auth/verify-email': { call: () => post('/api/auth/verify-email'), expect: everyone('reached') },
  'POST /api/auth/resend-verification': { call: () => post('/api/auth/resend-verification'), expect: everyone('reached') },
  'POST /api/auth/login': { call: () => post('/api/auth/login'), expect: everyone('reached') },
  'POST /api/auth/admin-login': { call: () => post('/api/auth/admin-login'), expect: everyone('reached') },
  'POST /api/auth/forgot-password': { call: () => post('/api/auth/forgot-password'), expect: everyone('reached') },
  'POST /api/auth/reset-password': { call: () => post('/api/auth/reset-password'), expect: everyone('reached') },
  'POST /api/auth/unlock': { call: () => post('/api/auth/unlock'), expect: everyone('reached') },
  'GET /api/auth/me': { call: () => get('/api/auth/me'), expect: ownAccount() },
  'GET /api/auth/admin-me': { call: () => get('/api/auth/admin-me'), expect: ownAccount() },
  // ── two-factor: the own account's; finishing a sign-in needs a pending one (401 for everyone here)
  'GET /api/auth/2fa': { call: () => get('/api/auth/2fa'), expect: ownAccount() },
  'POST /api/auth/2fa/totp/setup': {
    call: () => post('/api/auth/2fa/totp/setup'),
    expect: { anonymous: 401, other: 'ok', banned: 401, admin: 409, owner: 'ok' },
  },
  'POST /api/auth/2fa/totp/enable': { call: () => post('/api/auth/2fa/totp/enable'), expect: ownAccount('reached') },
  'POST /api/auth/2fa/disable': { call: () => post('/api/auth/2fa/disable'), expect: ownAccount('reached') },
  // the admin has two-factor on, and a session that passed it minutes ago; the others have nothing to renew
  'POST /api/auth/2fa/recovery-codes': {
    call: () => post('/api/auth/2fa/recovery-codes'),
    expect: { anonymous: 401, other: 400, banned: 401, admin: 'ok', owner: 400 },
  },
  'POST /api/auth/2fa/verify': { call: () => post('/api/auth/2fa/verify', { code: '123456' }), expect: everyone(401) },
  'POST /api/auth/2fa/step-up': { call: () => post('/api/auth/2fa/step-up'), expect: ownAccount('reached') },
  // ── passkeys: the own account's; a sign-in with one is anyone's to try (an empty answer is refused, nobody signed in)
  'POST /api/auth/webauthn/register/options': { call: () => post('/api/auth/webauthn/register/options'), expect: ownAccount('reached') },
  'POST /api/auth/webauthn/register/verify': { call: () => post('/api/auth/webauthn/register/verify'), expect: ownAccount('reached') },
  'POST /api/auth/webauthn/login/options': { call: () => post('/api/auth/webauthn/login/options'), expect: everyone() },
  'POST /api/auth/webauthn/login/verify': { call: () => post('/api/auth/webauthn/login/verify'), expect: everyone('reached') },
  'POST /api/auth/webauthn/step-up/options': { call: () => post('/api/auth/webauthn/step-up/options'), expect: ownAccount() },
  'POST /api/auth/webauthn/step-up/verify': { call: () => post('/api/auth/webauthn/step-up/verify'), expect: ownAccount('reached') },
  'GET /api/auth/webauthn/credentials': { call: () => get('/api/auth/webauthn/credentials'), expect: ownAccount(), privateIds: () => [ownerPasskey] },
  'DELETE /api/auth/webauthn/credentials/:id': {
    call: () => ({ method: 'DELETE', path: `/api/auth/webauthn/credentials/${ownerPasskey}` }),
    expect: ownerOnly(204, 404),
  },
  // run last: it ends each caller's session
  'POST /api/auth/logout': { call: () => post('/api/auth/logout'), expect: everyone('ok') },

  // ── the own sessions: a session of the owner's is not found for anyone else, admins included
  'GET /api/auth/sessions': { call: () => get('/api/auth/sessions'), expect: ownAccount() },
  'DELETE /api/auth/sessions/:id': {
    call: () => ({ method: 'DELETE', path: `/api/auth/sessions/${ownerSpareSession}` }),
    expect: ownerOnly(204, 404),
  },
  // run last: it would end the owner's spare session before the row above, and the sessions of the callers' other clients
  'POST /api/auth/sessions/sign-out-others': { call: () => post('/api/auth/sessions/sign-out-others'), expect: ownAccount() },

  // ── the own account's settings: nothing in the path can name another account
  'GET /api/settings/email': { call: () => get('/api/settings/email'), expect: ownAccount() },
  'POST /api/settings/email': { call: () => post('/api/settings/email'), expect: ownAccount('reached') },
  'POST /api/settings/email/resend': { call: () => post('/api/settings/email/resend'), expect: ownAccount('reached') },
  'POST /api/settings/email/verify': { call: () => post('/api/settings/email/verify'), expect: ownAccount('reached') },
  'POST /api/settings/password': { call: () => post('/api/settings/password'), expect: ownAccount('reached') },
  'POST /api/settings/avatar': { call: () => post('/api/settings/avatar'), expect: ownAccount('reached') },
  'DELETE /api/settings/avatar': { call: () => ({ method: 'DELETE', path: '/api/settings/avatar' }), expect: ownAccount() },
  'GET /api/settings/preferences': { call: () => get('/api/settings/preferences'), expect: ownAccount() },
  'PUT /api/settings/preferences': { call: () => ({ method: 'PUT', path: '/api/settings/preferences', body: {} }), expect: ownAccount('reached') },
  'POST /api/settings/delete-account': { call: () => post('/api/settings/delete-account'), expect: ownAccount('reached') },

  // ── listings: the catalogue is public; a listing waiting for review is its seller's and the admins'
  'GET /api/accounts': { call: () => get('/api/accounts'), expect: everyone() },
  'GET /api/accounts/search': { call: () => get('/api/accounts/search?q=cooking'), expect: everyone() },
  'GET /api/accounts/featured': { call: () => get('/api/accounts/featured'), expect: everyone() },
  'GET /api/accounts/user': { call: () => get('/api/accounts/user'), expect: ownAccount(), privateIds: (fx) => [fx.listing, fx.pendingListing] },
  'GET /api/accounts/:id': [
    { call: (fx) => get(`/api/accounts/${fx.pendingListing}`), expect: { anonymous: 404, other: 404, banned: 404, admin: 200, owner: 200 } },
    { call: (fx) => get(`/api/accounts/${fx.listing}`), expect: everyone(200), privateFields: ['status', 'rejectionReason'] },
  ],
  'POST /api/accounts': { call: () => post('/api/accounts'), expect: ownAccount('reached') },
  'PATCH /api/accounts/:id': {
    call: (fx) => ({ method: 'PATCH', path: `/api/accounts/${fx.listing}`, body: { displayName: 'Renamed by its seller' } }),
    expect: ownerOnly(200, 403),
  },
  'DELETE /api/accounts/:id': { call: (fx) => ({ method: 'DELETE', path: `/api/accounts/${fx.spareListing}` }), expect: ownerOnly(204, 403) },
  'GET /api/stats': { call: () => get('/api/stats'), expect: everyone() },
  'GET /api/stats/platforms': { call: () => get('/api/stats/platforms'), expect: everyone() },
  'GET /api/stats/overall': { call: () => get('/api/stats/overall'), expect: everyone() },

  // ── sellers and reviews: public profiles (never an email); a deal's review is its parties' and the admins'
  'GET /api/sellers/top': { call: () => get('/api/sellers/top'), expect: everyone() },
  'GET /api/sellers/:id': { call: (fx) => get(`/api/sellers/${fx.owner.id}`), expect: everyone(200) },
  'GET /api/sellers/:id/reviews': { call: (fx) => get(`/api/sellers/${fx.seller.id}/reviews`), expect: everyone(200) },
  // an unknown review: admins get as far as its 404, nobody else past the door
  'POST /api/admin/reviews/:id/remove': { call: () => post('/api/admin/reviews/999999/remove', { reason: 'matrix' }), expect: adminsOnly(404) },
  'GET /api/transactions/:id/review': { call: (fx) => get(`/api/transactions/${fx.deal}/review`), expect: ownerAndAdmins() },
  // only the buyer may write one, once the deal is completed (this one is not yet): admins may not
  'POST /api/transactions/:id/review': {
    call: (fx) => post(`/api/transactions/${fx.deal}/review`, { rating: 5, text: 'Smooth handover' }),
    expect: ownerAndAdmins('reached', 403),
  },

  // ── images and uploads
  'GET /api/proxy/image': { call: () => get('/api/proxy/image?url=not%20an%20address'), expect: everyone('reached') },
  'POST /api/uploads/listing-image': { call: () => post('/api/uploads/listing-image'), expect: ownAccount('reached') },

  // ── notifications: each user's own; another's is not found, for admins too
  'GET /api/notifications': { call: () => get('/api/notifications'), expect: ownAccount(), privateIds: (fx) => [fx.notification] },
  'GET /api/notifications/unread-count': { call: () => get('/api/notifications/unread-count'), expect: ownAccount() },
  'PATCH /api/notifications/read-all': { call: () => ({ method: 'PATCH', path: '/api/notifications/read-all' }), expect: ownAccount() },
  'PATCH /api/notifications/:id/read': {
    call: (fx) => ({ method: 'PATCH', path: `/api/notifications/${fx.notification}/read` }),
    expect: ownerOnly(200, 404),
  },

  // ── chat: the parties and the admins (who may join); anyone else is told it does not exist
  'GET /api/conversations': { call: () => get('/api/conversations'), expect: ownAccount(), privateIds: (fx) => [fx.conversation] },
  'POST /api/conversations': { call: () => post('/api/conversations'), expect: ownAccount('reached') },
  'GET /api/conversations/unread-count': { call: () => get('/api/conversations/unread-count'), expect: ownAccount() },
  'GET /api/conversations/:id': { call: (fx) => get(`/api/conversations/${fx.conversation}`), expect: ownerAndAdmins() },
  'GET /api/conversations/:id/messages': { call: (fx) => get(`/api/conversations/${fx.conversation}/messages`), expect: ownerAndAdmins() },
  'POST /api/conversations/:id/messages': {
    call: (fx) => post(`/api/conversations/${fx.conversation}/messages`, { content: 'Is the handover on track?' }),
    expect: ownerAndAdmins(201, 201),
  },
  'POST /api/conversations/:id/read': { call: (fx) => post(`/api/conversations/${fx.conversation}/read`), expect: ownerAndAdmins() },
  'GET /api/admin/conversations': { call: () => get('/api/admin/conversations'), expect: adminsOnly() },

  // ── escrow: a deal is its buyer's (the owner), its seller's and the admins'; which step is open is the state
  // machine's business (409), so the parties and admins are "reached"
  'GET /api/transactions': { call: () => get('/api/transactions'), expect: ownAccount(), privateIds: (fx) => [fx.deal] },
  'GET /api/transactions/all': { call: () => get('/api/transactions/all'), expect: adminsOnly() },
  'GET /api/transactions/quote': { call: (fx) => get(`/api/transactions/quote?listingId=${fx.listing}`), expect: ownAccount('reached') },
  'GET /api/transactions/:id': { call: (fx) => get(`/api/transactions/${fx.deal}`), expect: ownerAndAdmins() },
  'POST /api/transactions': { call: () => post('/api/transactions'), expect: ownAccount('reached') },
  'POST /api/transactions/:id/checkout': {
    call: (fx) => post(`/api/transactions/${fx.deal}/checkout`, { method: 'card' }),
    expect: ownerAndAdmins('reached', 'reached'),
  },
  'POST /api/transactions/:id/checklist/:itemId': {
    call: (fx) => post(`/api/transactions/${fx.deal}/checklist/${fx.checklistItem}`),
    expect: ownerAndAdmins('reached', 'reached'),
  },
  // well-formed bodies, as a malformed one is a 400 before the deal is looked up: the owner opens a dispute for real
  // and an admin settles it, so the steps after it meet a deal that has moved on (409)
  ...Object.fromEntries(
    ['pay', 'send-invite', 'confirm-access', 'start-countdown', 'release', 'cancel', 'refund', 'dispute', 'resolve-release', 'resolve-refund'].map(
      (step) => [
        `POST /api/transactions/:id/${step}`,
        {
          call: (fx: OwnerResources) => post(`/api/transactions/${fx.deal}/${step}`, STEP_BODIES[step] ?? {}),
          expect: ownerAndAdmins('reached', 'reached'),
        },
      ],
    ),
  ),
  'GET /api/admin/handover-steps': { call: () => get('/api/admin/handover-steps'), expect: adminsOnly() },
  'PUT /api/admin/handover-steps/:platform': {
    call: () => ({ method: 'PUT', path: '/api/admin/handover-steps/youtube', body: {} }),
    expect: adminsOnly('reached'),
  },

  // ── money: each user's own; an order or a withdrawal of someone else's is not found
  'POST /api/payments/deposits': { call: () => post('/api/payments/deposits'), expect: ownAccount('reached') },
  'POST /api/trustap/verify-payment': { call: (fx) => post('/api/trustap/verify-payment', { order_id: fx.order }), expect: ownerOnly(200, 404) },
  'POST /api/trustap/complete-payment': {
    call: (fx) => post('/api/trustap/complete-payment', { order_id: fx.order, confirm_payment: true }),
    expect: ownerOnly(200, 404),
  },
  // the provider's alone: without its credentials everyone is refused
  'POST /api/payments/webhooks/:provider': { call: (fx) => post('/api/payments/webhooks/sandbox', { order_id: fx.order }), expect: everyone(401) },
  'POST /api/withdrawals': { call: () => post('/api/withdrawals'), expect: ownAccount('reached') },
  'GET /api/withdrawals': { call: () => get('/api/withdrawals'), expect: ownAccount(), privateIds: (fx) => [fx.withdrawal] },
  'GET /api/balance': { call: () => get('/api/balance'), expect: ownAccount() },
  'GET /api/balance/history': { call: () => get('/api/balance/history'), expect: ownAccount() },
  'GET /api/admin/withdrawals': { call: () => get('/api/admin/withdrawals'), expect: adminsOnly() },
  'GET /api/admin/withdrawals/:id': { call: (fx) => get(`/api/admin/withdrawals/${fx.withdrawal}`), expect: adminsOnly() },
  'POST /api/admin/withdrawals/:id/approve': { call: (fx) => post(`/api/admin/withdrawals/${fx.withdrawal}/approve`), expect: adminsOnly('ok') },
  'POST /api/admin/withdrawals/:id/reject': { call: (fx) => post(`/api/admin/withdrawals/${fx.withdrawal}/reject`), expect: adminsOnly('reached') },
  'GET /api/trustap/oauth/start': { call: () => get('/api/trustap/oauth/start'), expect: ownAccount('reached') },
  'POST /api/trustap/oauth/callback': { call: () => post('/api/trustap/oauth/callback'), expect: ownAccount('reached') },
  'GET /api/trustap/connection': { call: () => get('/api/trustap/connection'), expect: ownAccount() },
  'DELETE /api/trustap/connection': { call: () => ({ method: 'DELETE', path: '/api/trustap/connection' }), expect: ownAccount() },

  // ── blog: published posts for everyone (a draft is not found, for admins too: they read it in the editor)
  'GET /api/blog': { call: () => get('/api/blog'), expect: everyone() },
  'GET /api/blog/:id': { call: (fx) => get(`/api/blog/${fx.blogPost}`), expect: everyone(404) },
  'GET /api/admin/blog': { call: () => get('/api/admin/blog'), expect: adminsOnly() },
  'POST /api/admin/blog': { call: () => post('/api/admin/blog'), expect: adminsOnly('reached') },
  'POST /api/admin/blog/preview': { call: () => post('/api/admin/blog/preview', { body: 'Some *text*' }), expect: adminsOnly() },
  'GET /api/admin/blog/:id': { call: (fx) => get(`/api/admin/blog/${fx.blogPost}`), expect: adminsOnly() },
  'PUT /api/admin/blog/:id': {
    call: (fx) => ({ method: 'PUT', path: `/api/admin/blog/${fx.blogPost}`, body: { title: 'Fixture post, edited' } }),
    expect: adminsOnly(),
  },
  'POST /api/admin/blog/:id/publish': { call: (fx) => post(`/api/admin/blog/${fx.blogPost}/publish`), expect: adminsOnly() },
  'POST /api/admin/blog/:id/unpublish': { call: (fx) => post(`/api/admin/blog/${fx.blogPost}/unpublish`), expect: adminsOnly() },
  'DELETE /api/admin/blog/:id': { call: (fx) => ({ method: 'DELETE', path: `/api/admin/blog/${fx.blogPost}` }), expect: adminsOnly(204) },

  // ── contact and settings
  'POST /api/contact': { call: () => post('/api/contact'), expect: everyone('reached') },
  'GET /api/admin/contact': { call: () => get('/api/admin/contact'), expect: adminsOnly() },
  'GET /api/admin/settings': { call: () => get('/api/admin/settings'), expect: adminsOnly() },
  'PUT /api/admin/settings': { call: () => ({ method: 'PUT', path: '/api/admin/settings', body: {} }), expect: adminsOnly('reached') },
  'GET /api/site': { call: () => get('/api/site'), expect: everyone() },
  'GET /api/site/trading': { call: () => get('/api/site/trading'), expect: everyone() },

  // ── the admin area: dashboard, review queue, payment monitor, audit log, moderation (bodies left empty: reached, nothing done)
  'GET /api/admin/stats': { call: () => get('/api/admin/stats'), expect: adminsOnly() },
  'GET /api/admin/disputes': { call: () => get('/api/admin/disputes'), expect: adminsOnly() },
  'GET /api/admin/disputes/:id': { call: (fx) => get(`/api/admin/disputes/${fx.deal}`), expect: adminsOnly() },
  'GET /api/admin/listings': { call: () => get('/api/admin/listings'), expect: adminsOnly() },
  // the owner's listing is active already: an admin reaches it and is told it is not waiting for review
  'POST /api/admin/listings/:id/approve': { call: (fx) => post(`/api/admin/listings/${fx.listing}/approve`), expect: adminsOnly('reached') },
  'POST /api/admin/listings/:id/reject': { call: (fx) => post(`/api/admin/listings/${fx.pendingListing}/reject`), expect: adminsOnly('reached') },
  'GET /api/admin/payments/summary': { call: () => get('/api/admin/payments/summary'), expect: adminsOnly() },
  'GET /api/admin/payments/orders': { call: () => get('/api/admin/payments/orders'), expect: adminsOnly() },
  'GET /api/admin/payments/orders.csv': { call: () => get('/api/admin/payments/orders.csv'), expect: adminsOnly() },
  'POST /api/admin/payments/orders/:orderId/reconcile': {
    call: (fx) => post(`/api/admin/payments/orders/${fx.order}/reconcile`),
    expect: adminsOnly(),
  },
  // the owner's order is still open at checkout: nothing held to refund, which only an admin is told
  'POST /api/admin/payments/orders/:orderId/resolve-reversal': {
    call: (fx) => post(`/api/admin/payments/orders/${fx.order}/resolve-reversal`, { note: 'matrix' }),
    expect: adminsOnly(409),
  },
  'POST /api/admin/payments/orders/:orderId/refund': {
    call: (fx) => post(`/api/admin/payments/orders/${fx.order}/refund`, { reason: 'matrix' }),
    expect: adminsOnly(409),
  },
  'GET /api/admin/payments/transactions': { call: () => get('/api/admin/payments/transactions'), expect: adminsOnly() },
  'GET /api/admin/payments/transactions.csv': { call: () => get('/api/admin/payments/transactions.csv'), expect: adminsOnly() },
  'GET /api/admin/audit': { call: () => get('/api/admin/audit'), expect: adminsOnly() },
  'GET /api/admin/users': { call: () => get('/api/admin/users'), expect: adminsOnly() },
  ...Object.fromEntries(
    ['ban', 'unban', 'flag', 'delete'].map((action) => [
      `POST /api/admin/users/:id/${action}`,
      { call: (fx: OwnerResources) => post(`/api/admin/users/${fx.owner.id}/${action}`, { reason: 1 }), expect: adminsOnly('reached') },
    ]),
  ),
  'GET /api/admin/listings/search': { call: () => get('/api/admin/listings/search'), expect: adminsOnly() },
  ...Object.fromEntries(
    ['suspend', 'restore', 'verify', 'flag'].map((action) => [
      `POST /api/admin/listings/:id/${action}`,
      { call: (fx: OwnerResources) => post(`/api/admin/listings/${fx.listing}/${action}`, { reason: 1 }), expect: adminsOnly('reached') },
    ]),
  ),

  // ── what the site runs on
  'GET /api/email/outbox': { call: () => get('/api/email/outbox'), expect: adminsOnly() },
  'GET /api/email/diagnostic': { call: () => get('/api/email/diagnostic'), expect: everyone() },
  'GET /api/diagnostic': { call: () => get('/api/diagnostic'), expect: everyone() },
  'GET /api/openapi.json': { call: () => get('/api/openapi.json'), expect: everyone() },
  'GET /api/docs': { call: () => get('/api/docs'), expect: everyone() },
}

/** Rows that change what the others rely on (sessions), run after every other row, in this order. */
const RUN_LAST = ['POST /api/auth/sessions/sign-out-others', 'POST /api/auth/logout']

let db: TestDatabase
let server: RunningServer
let fx: OwnerResources
let other: TestUser
let banned: TestUser
/** the public id of a second session of the owner's, another browser of theirs */
let ownerSpareSession: string
/** a passkey of the owner's, stored as registering stores one; its key never signs anything here */
let ownerPasskey: number
const clients = {} as Record<Who, ApiClient>

beforeAll(async () => {
  db = await createTestDatabase()
  // a Trustap OAuth client, so connecting answers (a URL is built; nothing is asked over the network)
  server = await startTestServer({ databaseUrl: db.url, env: { TRUSTAP_CLIENT_ID: 'matrix-client', TRUSTAP_CLIENT_SECRET: 'matrix-client-secret' } })
  fx = await createOwnerResources(server, 'matrix')
  other = await addUser(server, 'matrix_other')
  banned = await addUser(server, 'matrix_banned')
  // banned while signed in: the ban ends the session the client still holds
  const ban = await fx.admin.client.post(`/api/admin/users/${banned.id}/ban`, { reason: 'Selling stolen accounts' })
  expect(ban.status, ban.text).toBe(200)
  const spare = new ApiClient(server.url, { origin: server.url })
  expect((await spare.post('/api/auth/login', { username: fx.owner.username, password: PASSWORD })).status).toBe(200)
  ownerSpareSession = signedInSessionListSchema.parse((await spare.get('/api/auth/sessions')).json).find((s) => s.current)!.id
  const em = server.orm.em.fork()
  const passkey = em.create(Passkey, {
    userId: fx.owner.id,
    credentialId: 'bWF0cml4LW93bmVyLXBhc3NrZXk',
    publicKey: Buffer.from('matrix'),
    name: 'Matrix key',
  })
  await em.flush()
  ownerPasskey = passkey.id
  Object.assign(clients, {
    anonymous: anonymousClient(server),
    other: other.client,
    banned: banned.client,
    admin: fx.admin.client,
    owner: fx.owner.client,
  })
}, 120_000)

afterAll(async () => {
  await server?.close()
  await db?.drop()
})

const rowsOf = (key: string): Row[] => {
  const rows = POLICY[key]
  return rows === undefined ? [] : Array.isArray(rows) ? rows : [rows]
}

function meets(status: number, expected: Expect): boolean {
  if (expected === 'ok') return status >= 200 && status < 300
  if (expected === 'reached') return ![401, 403, 404].includes(status) && status < 500
  return status === expected
}

/** What in an answer to someone else would give the owner away. */
function leaks(text: string, json: unknown, row: Row): string[] {
  const found: string[] = []
  const secrets = [fx.ownerEmail, fx.markers.message, fx.markers.destination, fx.markers.listingNote, fx.order]
  for (const secret of secrets) if (text.toLowerCase().includes(secret.toLowerCase())) found.push(`contains ${secret}`)
  const ids = row.privateIds?.(fx) ?? []
  if (Array.isArray(json)) {
    for (const item of json as { id?: unknown }[]) if (ids.includes(item?.id as number)) found.push(`lists the owner's #${String(item.id)}`)
  }
  for (const field of row.privateFields ?? []) if (json && typeof json === 'object' && field in json) found.push(`carries ${field}`)
  return found
}

describe('the access matrix', () => {
  it('has a row for every documented route, and none for a route that is gone', () => {
    const documented = new Set(documentedApiRoutes(server).map((r) => `${r.method} ${r.path}`))
    const missing = [...documented]
      .filter((key) => rowsOf(key).length === 0)
      .map((key) => `${key}: add it to POLICY in tests/integration/access-matrix.test.ts with who may call it`)
    expect(missing).toEqual([])
    expect(Object.keys(POLICY).filter((key) => !documented.has(key))).toEqual([])
  })

  it('answers each caller as the policy says, and tells nobody else anything of the owner', async () => {
    const keys = documentedApiRoutes(server).map((r) => `${r.method} ${r.path}`)
    const ordered = [...keys.filter((k) => !RUN_LAST.includes(k)), ...RUN_LAST.filter((k) => keys.includes(k))]
    const wrong: string[] = []
    const leaked: string[] = []
    let checked = 0
    for (const key of ordered) {
      for (const row of rowsOf(key)) {
        const call = row.call(fx)
        for (const who of WHO) {
          const res = await clients[who].request(call.method, call.path, call.body)
          checked++
          if (!meets(res.status, row.expect[who]))
            wrong.push(`${key} (${call.path}) as ${who}: ${res.status}, expected ${row.expect[who]} — ${res.text.slice(0, 120)}`)
          if (res.status >= 400 && typeof res.json?.message !== 'string') wrong.push(`${key} as ${who}: ${res.status} without a JSON message`)
          if (who === 'anonymous' || who === 'other' || who === 'banned') {
            for (const leak of leaks(res.text, res.json, row)) leaked.push(`${key} (${call.path}) as ${who}: ${leak}`)
          }
        }
      }
    }
    expect(wrong).toEqual([])
    expect(leaked).toEqual([])
    expect(checked).toBeGreaterThan(500)
  })

  it('turns a banned user away at sign-in, with the reason', async () => {
    const res = await anonymousClient(server).post('/api/auth/login', { username: banned.username, password: PASSWORD })
    expect(res.status).toBe(403)
    expect(res.json?.message).toContain(AUTH_MESSAGES.banned)
    expect((await banned.client.get('/api/auth/me')).status).toBe(401)
  })
})
