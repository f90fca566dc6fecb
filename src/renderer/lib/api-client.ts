import { reportServerReached } from './connectivity'
import { noteServerDate } from './server-clock'

/**
 * The one request layer (SPEC §7, §8). Every call carries the session cookie.
 * Reads: GET, 401 → null, other failures → ApiError "{status}: {body or status text}".
 * Writes: JSON in, throw on failure with the server's `message` so toasts can show it.
 */

export const REQUEST_MESSAGES = {
  cancelled: 'Request was cancelled',
  offline: 'Network connection failed',
  unreachable: 'Unable to connect to server',
  queryFailed: 'Query failed',
} as const

/** Status used for failures that never reached the server, so retry policy treats them as server-side. */
export const UNKNOWN_ERROR_STATUS = 500

export type ApiErrorKind = 'http' | 'cancelled' | 'network'

export class ApiError extends Error {
  override readonly name = 'ApiError'
  constructor(
    message: string,
    readonly status: number,
    readonly kind: ApiErrorKind = 'http',
    /** The `message` field of the server's error body, when it sent one. */
    readonly serverMessage?: string,
    /** The `error.code` field of the server's error body, when it sent one. */
    readonly code?: string,
  ) {
    super(message)
  }
}

export type HttpMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface RequestOptions {
  signal?: AbortSignal
  /** extra request headers, such as an Idempotency-Key on a money-moving write */
  headers?: Record<string, string>
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}

/** How a request reaches the server: the browser's fetch, where a path alone is an address. */
let transport: (path: string, init: RequestInit) => Promise<Response> = (path, init) => fetch(path, init)

/**
 * Where the app is rendered on the server (entry-server.tsx), a path names no server: its reads go through this
 * instead, to the server's own API, as a visitor with no session.
 */
export function setApiTransport(send: (path: string, init: RequestInit) => Promise<Response>): void {
  transport = send
}

/** The request itself, for the few reads that need the raw answer (a header, their own errors). */
export function fetchFromApi(path: string, init: RequestInit): Promise<Response> {
  return transport(path, init)
}

/** Turns fetch's own failures (no HTTP response at all) into the spec's messages. */
async function send(path: string, init: RequestInit): Promise<Response> {
  const sentAt = Date.now()
  try {
    const response = await transport(path, { ...init, credentials: 'include' })
    reportServerReached(true)
    noteServerDate(response.headers.get('date'), sentAt, Date.now())
    return response
  } catch (error) {
    if (isAbort(error) || init.signal?.aborted) {
      throw new ApiError(REQUEST_MESSAGES.cancelled, 0, 'cancelled')
    }
    reportServerReached(false)
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false
    throw new ApiError(offline ? REQUEST_MESSAGES.offline : REQUEST_MESSAGES.unreachable, 0, 'network')
  }
}

/** Picks `message` and `error.code` out of the server's error body (`{error:{code,message}, message}`), if any. */
function errorFields(text: string): { message?: string; code?: string } {
  try {
    const body: unknown = JSON.parse(text)
    if (!body || typeof body !== 'object') return {}
    const message = 'message' in body && typeof body.message === 'string' ? body.message : undefined
    const error = 'error' in body && body.error && typeof body.error === 'object' ? body.error : undefined
    const code = error && 'code' in error && typeof error.code === 'string' ? error.code : undefined
    return { message, code }
  } catch {
    // Not JSON (a proxy's HTML page, say): the raw text still goes into the error message.
    return {}
  }
}

async function failure(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '')
  const detail = text || response.statusText
  const { message, code } = errorFields(text)
  return new ApiError(`${response.status}: ${detail}`, response.status, 'http', message, code)
}

/** The server's answer when an account with two-factor on must confirm a money or identity change. */
export const STEP_UP_REQUIRED_CODE = 'two_factor_required'

/** Asks the person for a second factor (a dialog); true once the server took one. */
export type StepUpHandler = () => Promise<boolean>
let stepUpHandler: StepUpHandler | null = null

/** The app's step-up dialog registers here; the returned function takes it away again. */
export function setStepUpHandler(handler: StepUpHandler): () => void {
  stepUpHandler = handler
  return () => {
    if (stepUpHandler === handler) stepUpHandler = null
  }
}

/**
 * A request the server refused for want of a fresh second factor is asked again once, after the person gave one
 * in the step-up dialog; without a dialog, or when it is dismissed, the refusal stands.
 */
async function sendStepUp(path: string, init: RequestInit): Promise<Response> {
  const response = await send(path, init)
  if (response.status !== 403 || !stepUpHandler) return response
  const { code } = errorFields(
    await response
      .clone()
      .text()
      .catch(() => ''),
  )
  if (code !== STEP_UP_REQUIRED_CODE) return response
  return (await stepUpHandler()) ? send(path, init) : response
}

async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text()
  return (text ? JSON.parse(text) : null) as T
}

/** GET a JSON resource; null when the visitor is not signed in (401). */
export async function apiGet<T>(path: string, options: RequestOptions = {}): Promise<T | null> {
  return (await apiGetWithHeaders<T>(path, options)).body
}

/** apiGet that also hands back the response headers, for lists that send their total as X-Total-Count. */
export async function apiGetWithHeaders<T>(path: string, options: RequestOptions = {}): Promise<{ body: T | null; headers: Headers }> {
  const response = await sendStepUp(path, { method: 'GET', headers: { Accept: 'application/json' }, signal: options.signal })
  if (response.status === 401) return { body: null, headers: response.headers }
  if (!response.ok) throw await failure(response)
  try {
    return { body: await readJson<T>(response), headers: response.headers }
  } catch (error) {
    throw toApiError(error)
  }
}

/** A write: JSON body in, parsed JSON out; any non-success throws. */
export async function apiSend<T>(method: HttpMethod, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const response = await sendStepUp(path, {
    method,
    headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...options.headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: options.signal,
  })
  if (!response.ok) {
    const error = await failure(response)
    // Writes surface in toasts, so the readable server message wins over "{status}: {json}".
    throw error.serverMessage ? new ApiError(error.serverMessage, error.status, 'http', error.serverMessage, error.code) : error
  }
  return readJson<T>(response)
}

/** A multipart write (a file upload); fails like apiSend, with the server's message. The browser sets the boundary. */
export async function apiSendForm<T>(path: string, form: FormData, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, {
    method: 'POST',
    headers: { Accept: 'application/json', ...options.headers },
    body: form,
    signal: options.signal,
  })
  if (!response.ok) {
    const error = await failure(response)
    throw error.serverMessage ? new ApiError(error.serverMessage, error.status, 'http', error.serverMessage) : error
  }
  return readJson<T>(response)
}

/** Anything thrown while reading becomes an ApiError; unknown failures default to "Query failed", 500. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error
  if (isAbort(error)) return new ApiError(REQUEST_MESSAGES.cancelled, 0, 'cancelled')
  const message = error instanceof Error && error.message ? error.message : REQUEST_MESSAGES.queryFailed
  return new ApiError(message, UNKNOWN_ERROR_STATUS)
}

/** HTTP status of an error for retry decisions; failures without a response count as 500 (SPEC §8). */
export function errorStatus(error: unknown): number {
  if (error instanceof ApiError && error.status > 0) return error.status
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number' && error.status > 0) {
    return error.status
  }
  return UNKNOWN_ERROR_STATUS
}

/** Text for a toast: the server's message when it gave one, a network message, else the caller's fallback. */
export function describeError(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage
    if (error.kind === 'network') return error.message
  }
  return fallback
}
