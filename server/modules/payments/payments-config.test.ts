import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../config'

const base = () => ({ DATA_DIR: mkdtempSync(join(tmpdir(), 'handover-payments-config-')), SESSION_SECRET: 'x'.repeat(40) })
const trustap = {
  PAYMENTS_PROVIDER: 'trustap',
  TRUSTAP_API_KEY: 'api-key-123456',
  TRUSTAP_SELLER_ID: 'seller-1',
  TRUSTAP_WEBHOOK_USER: 'hooks',
  TRUSTAP_WEBHOOK_PASSWORD: 'a-long-webhook-password',
}

describe('payments configuration', () => {
  it('defaults to the sandbox and Trustap staging hosts, with no webhooks accepted', () => {
    const config = loadConfig(base())
    expect(config.paymentsProvider).toBe('sandbox')
    expect(config.sandboxWebhookPassword).toBeUndefined()
    expect(config.trustap).toMatchObject({
      apiUrl: 'https://dev.stage.trustap.com/api/v1',
      actionsUrl: 'https://actions.stage.trustap.com',
      ssoUrl: 'https://sso.trustap.com/auth/realms/trustap-stage',
      currency: 'usd',
      oauth: undefined,
      webhook: undefined,
    })
  })

  it('takes a complete Trustap setup, trailing slashes trimmed', () => {
    const config = loadConfig({
      ...base(),
      ...trustap,
      TRUSTAP_API_URL: 'https://dev.trustap.com/api/v1/',
      TRUSTAP_CLIENT_ID: 'client',
      TRUSTAP_CLIENT_SECRET: 'client-secret',
    })
    expect(config.trustap).toMatchObject({
      apiUrl: 'https://dev.trustap.com/api/v1',
      apiKey: 'api-key-123456',
      sellerId: 'seller-1',
      oauth: { clientId: 'client', clientSecret: 'client-secret' },
      webhook: { user: 'hooks', password: 'a-long-webhook-password' },
    })
  })

  it.each([
    [{ TRUSTAP_API_KEY: undefined }, 'TRUSTAP_API_KEY: is required when PAYMENTS_PROVIDER=trustap'],
    [{ TRUSTAP_SELLER_ID: undefined }, 'TRUSTAP_SELLER_ID: is required'],
    [{ TRUSTAP_WEBHOOK_PASSWORD: 'short' }, 'TRUSTAP_WEBHOOK_PASSWORD: must be at least 16 characters'],
    [{ TRUSTAP_CLIENT_ID: 'client' }, 'TRUSTAP_CLIENT_ID and TRUSTAP_CLIENT_SECRET must be set together'],
    [{ TRUSTAP_API_URL: 'ftp://trustap' }, 'TRUSTAP_API_URL'],
    [{ TRUSTAP_CURRENCY: 'btc' }, 'TRUSTAP_CURRENCY: must be usd, eur, gbp, aud or cad'],
  ])('names the bad Trustap setting %o', (override, message) => {
    const env = { ...base(), ...trustap, ...override } as Record<string, string | undefined>
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(message)
  })

  it('asks for a long sandbox webhook password', () => {
    expect(() => loadConfig({ ...base(), SANDBOX_WEBHOOK_PASSWORD: 'short' })).toThrow('SANDBOX_WEBHOOK_PASSWORD: must be at least 16 characters')
  })
})
