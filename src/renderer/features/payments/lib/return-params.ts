/**
 * The payment-return URL of SPEC §3: transaction_id or tx_id, status or code, state (maybe base64, maybe JSON
 * with orderId), error, trustap_status, type, order_id, payment_type. Every value is a hint from the address
 * bar; the server asks the provider before anything is credited.
 */
export interface ReturnParams {
  /** transaction_id, else tx_id */
  transactionId: string | null
  /** status, else code (lower case) */
  status: string | null
  code: string | null
  state: string | null
  error: string | null
  trustapStatus: string | null
  type: string | null
  orderId: string | null
  paymentType: string | null
  /** whether the URL carried any of them at all */
  hasAny: boolean
}

const PARAM_NAMES = ['transaction_id', 'tx_id', 'status', 'code', 'state', 'error', 'trustap_status', 'type', 'order_id', 'payment_type'] as const
const MAX_PARAM = 4000

function read(search: URLSearchParams, name: string): string | null {
  const value = search.get(name)?.trim()
  return value ? value.slice(0, MAX_PARAM) : null
}

const lower = (value: string | null) => (value === null ? null : value.toLowerCase())

export function readReturnParams(search: URLSearchParams): ReturnParams {
  const code = lower(read(search, 'code'))
  return {
    transactionId: read(search, 'transaction_id') ?? read(search, 'tx_id'),
    status: lower(read(search, 'status')) ?? code,
    code,
    state: read(search, 'state'),
    error: read(search, 'error'),
    trustapStatus: lower(read(search, 'trustap_status')),
    type: lower(read(search, 'type')),
    orderId: read(search, 'order_id'),
    paymentType: lower(read(search, 'payment_type')),
    hasAny: PARAM_NAMES.some((name) => read(search, name) !== null),
  }
}

function parseJsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text)
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}

function fromBase64(text: string): string | null {
  try {
    // base64url too: some providers send it in addresses
    return atob(text.replace(/-/g, '+').replace(/_/g, '/'))
  } catch {
    return null
  }
}

/** What a `state` names: base64 of JSON, or JSON as is, with orderId (and maybe type); null when neither. */
export function decodeState(state: string | null): { orderId: string | null; type: string | null } | null {
  if (!state) return null
  for (const text of [fromBase64(state), state]) {
    const object = text === null ? null : parseJsonObject(text)
    if (!object) continue
    const orderId = typeof object.orderId === 'string' ? object.orderId : typeof object.order_id === 'string' ? object.order_id : null
    const type = typeof object.type === 'string' ? object.type.toLowerCase() : null
    if (orderId || type) return { orderId, type }
  }
  return null
}

export type OrderType = 'deposit' | 'transaction'

const TYPE_WORDS: Record<string, OrderType> = { deposit: 'deposit', transaction: 'transaction', purchase: 'transaction' }

/**
 * SPEC §4 order type inference: an order id starting `deposit_` is a balance deposit and `trans_` an account
 * purchase; otherwise `type` or `payment_type` say so (then the type inside `state`); null when nothing does.
 */
export function inferOrderType(
  params: Pick<ReturnParams, 'orderId' | 'type' | 'paymentType' | 'state'>,
  orderId: string | null = params.orderId,
): OrderType | null {
  if (orderId?.startsWith('deposit_')) return 'deposit'
  if (orderId?.startsWith('trans_')) return 'transaction'
  for (const word of [params.type, params.paymentType, decodeState(params.state)?.type ?? null]) {
    if (word && TYPE_WORDS[word]) return TYPE_WORDS[word]
  }
  return null
}

/** The order the return is about: order_id, else the one its state names. */
export function returnedOrderId(params: Pick<ReturnParams, 'orderId' | 'state'>): string | null {
  return params.orderId ?? decodeState(params.state)?.orderId ?? null
}
