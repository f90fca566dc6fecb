import {
  recoveryCodesResponseSchema,
  secondFactorRequestSchema,
  stepUpResponseSchema,
  totpEnableRequestSchema,
  totpSetupResponseSchema,
  twoFactorDisableRequestSchema,
  twoFactorStatusSchema,
} from '../two-factor'
import { authSuccessSchema, messageResponseSchema } from '../auth'
import { endpoints } from '../endpoint'

/** /api/auth/2fa (two-factor.routes.ts) for GET /api/openapi.json */
export const twoFactorEndpoints = endpoints('auth', {
  getAuth2fa: {
    method: 'GET',
    path: '/api/auth/2fa',
    summary: 'Whether two-factor sign-in is on, with which methods, and how many recovery codes are left',
    auth: 'signed-in',
    response: { schema: twoFactorStatusSchema },
  },
  postAuth2faTotpSetup: {
    method: 'POST',
    path: '/api/auth/2fa/totp/setup',
    summary: 'Start setting up an authenticator app: a new secret and its otpauth:// URI (for a QR code), waiting for a first code',
    auth: 'signed-in',
    response: { schema: totpSetupResponseSchema },
    errors: [409],
  },
  postAuth2faTotpEnable: {
    method: 'POST',
    path: '/api/auth/2fa/totp/enable',
    summary: 'The first code from the app turns two-factor on; the answer is ten one-time recovery codes, shown once',
    auth: 'signed-in',
    body: totpEnableRequestSchema,
    response: { schema: recoveryCodesResponseSchema },
    errors: [401, 409, 429],
  },
  postAuth2faDisable: {
    method: 'POST',
    path: '/api/auth/2fa/disable',
    summary: 'Turn the authenticator app off with the password and a code (from the app, or a recovery code)',
    auth: 'signed-in',
    body: twoFactorDisableRequestSchema,
    response: { schema: messageResponseSchema },
    errors: [401, 429],
  },
  postAuth2faRecoveryCodes: {
    method: 'POST',
    path: '/api/auth/2fa/recovery-codes',
    summary: 'Ten new recovery codes replace every earlier one (a fresh second factor first: 403 two_factor_required)',
    auth: 'signed-in',
    response: { schema: recoveryCodesResponseSchema },
    errors: [429],
  },
  postAuth2faVerify: {
    method: 'POST',
    path: '/api/auth/2fa/verify',
    summary: 'Finish a sign-in that waits for its second factor (after a right password on /login or /admin-login): a code, or a recovery code',
    auth: 'anonymous',
    body: secondFactorRequestSchema,
    response: { schema: authSuccessSchema },
    errors: [401, 429],
  },
  postAuth2faStepUp: {
    method: 'POST',
    path: '/api/auth/2fa/step-up',
    summary: 'A fresh second factor for this session: money and identity changes ask nothing more for 5 minutes',
    auth: 'signed-in',
    body: secondFactorRequestSchema,
    response: { schema: stepUpResponseSchema },
    errors: [401, 429],
  },
})
