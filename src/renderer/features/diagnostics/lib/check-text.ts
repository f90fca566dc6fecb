import type { CryptoPrimitive, DiagnosticComponentName } from '@shared/api/diagnostics'

interface CheckText {
  label: string
  /** what the product needs it for */
  hint: string
}

export const COMPONENT_TEXT: Record<DiagnosticComponentName, CheckText> = {
  database: { label: 'Database', hint: 'Accounts, listings, deals and the ledger' },
  redis: { label: 'Redis', hint: 'Live events, presence and rate limits shared by every server' },
  email: { label: 'Email', hint: 'Verification codes, password resets and contact messages' },
  payments: { label: 'Payment provider', hint: 'Card and crypto checkouts and payouts' },
  crypto: { label: 'Cryptography', hint: 'The primitives listed above' },
}

export const PRIMITIVE_TEXT: Record<CryptoPrimitive, CheckText> = {
  random: { label: 'Secure random numbers', hint: 'Session ids, reset links and verification codes' },
  sha256: { label: 'SHA-256', hint: 'Stored session ids and reset tokens' },
  'hmac-sha256': { label: 'HMAC-SHA256', hint: 'Verification codes and checkout tokens' },
  'timing-safe-compare': { label: 'Constant-time comparison', hint: 'Webhook credentials, without leaking them through timing' },
  argon2id: { label: 'argon2id', hint: 'Password hashing' },
}
