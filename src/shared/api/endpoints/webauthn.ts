import { stepUpResponseSchema } from '../two-factor'
import {
  authenticationOptionsSchema,
  authenticationVerifyRequestSchema,
  passkeyAddedSchema,
  passkeyListSchema,
  passkeySignInSchema,
  registrationOptionsRequestSchema,
  registrationOptionsSchema,
  registrationVerifyRequestSchema,
  stepUpVerifyRequestSchema,
} from '../webauthn'
import { endpoints, serialIdParam } from '../endpoint'

/** /api/auth/webauthn (webauthn.routes.ts): passkeys */
export const webauthnEndpoints = endpoints('passkeys', {
  postAuthWebauthnRegisterOptions: {
    method: 'POST',
    path: '/api/auth/webauthn/register/options',
    summary:
      'Start adding a passkey: the options for the browser. With two-factor on it wants a fresh second factor (403 two_factor_required, or `twoFactorCode` in the body); with it off, the password',
    auth: 'signed-in',
    body: registrationOptionsRequestSchema,
    response: { schema: registrationOptionsSchema },
    errors: [429],
  },
  postAuthWebauthnRegisterVerify: {
    method: 'POST',
    path: '/api/auth/webauthn/register/verify',
    summary: "Finish adding a passkey with the browser's answer and a name; recovery codes (shown once) when it turned two-factor on",
    auth: 'signed-in',
    body: registrationVerifyRequestSchema,
    response: { status: 201, schema: passkeyAddedSchema },
    errors: [409],
  },
  postAuthWebauthnLoginOptions: {
    method: 'POST',
    path: '/api/auth/webauthn/login/options',
    summary: 'Start a passkey sign-in: any passkey of this site (no password), or, after a right password, the account’s own passkeys',
    auth: 'anonymous',
    response: { schema: authenticationOptionsSchema },
  },
  postAuthWebauthnLoginVerify: {
    method: 'POST',
    path: '/api/auth/webauthn/login/verify',
    summary: "Sign in with the browser's answer; `admin: true` from the admin form, which signs in admins only",
    auth: 'anonymous',
    body: authenticationVerifyRequestSchema,
    response: { schema: passkeySignInSchema },
    errors: [401, 429],
  },
  postAuthWebauthnStepUpOptions: {
    method: 'POST',
    path: '/api/auth/webauthn/step-up/options',
    summary: 'Start confirming it is you with a passkey, before a money or identity change',
    auth: 'signed-in',
    response: { schema: authenticationOptionsSchema },
  },
  postAuthWebauthnStepUpVerify: {
    method: 'POST',
    path: '/api/auth/webauthn/step-up/verify',
    summary: 'Confirm it is you with a passkey: money and identity changes ask nothing more for 5 minutes',
    auth: 'signed-in',
    body: stepUpVerifyRequestSchema,
    response: { schema: stepUpResponseSchema },
    errors: [429],
  },
  getAuthWebauthnCredentials: {
    method: 'GET',
    path: '/api/auth/webauthn/credentials',
    summary: 'Your passkeys, oldest first',
    auth: 'signed-in',
    response: { schema: passkeyListSchema },
  },
  deleteAuthWebauthnCredentialsById: {
    method: 'DELETE',
    path: '/api/auth/webauthn/credentials/:id',
    summary: 'Remove one of your passkeys (a fresh second factor first); two-factor goes off with the last factor, except for an admin',
    auth: 'signed-in',
    params: { id: serialIdParam },
    response: { status: 204 },
  },
})
