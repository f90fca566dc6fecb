import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  ApiError,
  apiGet,
  apiSend,
  describeError,
  errorStatus,
  REQUEST_MESSAGES,
  setStepUpHandler,
  STEP_UP_REQUIRED_CODE,
  toApiError,
} from './api-client'

function respond(status: number, body: string, statusText = '') {
  return vi.fn(async () => new Response(body, { status, statusText }))
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('apiGet', () => {
  it('sends the session cookie and parses JSON', async () => {
    const fetchMock = respond(200, JSON.stringify({ id: 7 }))
    vi.stubGlobal('fetch', fetchMock)
    await expect(apiGet('/api/auth/me')).resolves.toEqual({ id: 7 })
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/me', expect.objectContaining({ method: 'GET', credentials: 'include' }))
  })

  it('turns 401 into null', async () => {
    vi.stubGlobal('fetch', respond(401, JSON.stringify({ message: 'Not signed in' })))
    await expect(apiGet('/api/auth/me')).resolves.toBeNull()
  })

  it('raises "{status}: {body}" carrying the status', async () => {
    vi.stubGlobal('fetch', respond(404, 'no such thing'))
    const error = await apiGet('/api/x').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).message).toBe('404: no such thing')
    expect((error as ApiError).status).toBe(404)
  })

  it('falls back to the status text when the body is empty', async () => {
    vi.stubGlobal('fetch', respond(503, '', 'Service Unavailable'))
    await expect(apiGet('/api/x')).rejects.toMatchObject({ message: '503: Service Unavailable', status: 503 })
  })

  it('reports a cancelled request', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new DOMException('aborted', 'AbortError'))),
    )
    await expect(apiGet('/api/x')).rejects.toMatchObject({ message: REQUEST_MESSAGES.cancelled, kind: 'cancelled' })
  })

  it('reports an unreachable server, and an offline browser differently', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    )
    await expect(apiGet('/api/x')).rejects.toMatchObject({ message: REQUEST_MESSAGES.unreachable, kind: 'network' })
    vi.stubGlobal('navigator', { onLine: false })
    await expect(apiGet('/api/x')).rejects.toMatchObject({ message: REQUEST_MESSAGES.offline })
  })
})

describe('apiSend', () => {
  it('sends JSON and returns the parsed body', async () => {
    const fetchMock = respond(200, JSON.stringify({ success: true }))
    vi.stubGlobal('fetch', fetchMock)
    await expect(apiSend('POST', '/api/auth/login', { username: 'a' })).resolves.toEqual({ success: true })
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1]
    expect(init.body).toBe('{"username":"a"}')
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' })
    expect(init.credentials).toBe('include')
  })

  it('throws with the server message from the error body, even on 401', async () => {
    const body = { error: { code: 'unauthorized', message: 'Invalid username or password' }, message: 'Invalid username or password' }
    vi.stubGlobal('fetch', respond(401, JSON.stringify(body)))
    await expect(apiSend('POST', '/api/auth/login', {})).rejects.toMatchObject({
      message: 'Invalid username or password',
      serverMessage: 'Invalid username or password',
      status: 401,
    })
  })

  it('keeps the status-and-body message when the body has no message', async () => {
    vi.stubGlobal('fetch', respond(500, '<html>oops</html>'))
    await expect(apiSend('POST', '/api/x')).rejects.toMatchObject({ message: '500: <html>oops</html>', serverMessage: undefined })
  })
})

describe('error helpers', () => {
  it('defaults unknown read failures to "Query failed" with status 500', () => {
    const error = toApiError({})
    expect(error.message).toBe(REQUEST_MESSAGES.queryFailed)
    expect(error.status).toBe(500)
  })

  it('treats failures without a response as status 500 for retry decisions', () => {
    expect(errorStatus(new ApiError('x', 0, 'network'))).toBe(500)
    expect(errorStatus(new ApiError('x', 403))).toBe(403)
    expect(errorStatus(new Error('plain'))).toBe(500)
  })

  it('prefers the server message, then network text, then the fallback', () => {
    expect(describeError(new ApiError('401: {}', 401, 'http', 'Too many attempts'), 'fb')).toBe('Too many attempts')
    expect(describeError(new ApiError(REQUEST_MESSAGES.unreachable, 0, 'network'), 'fb')).toBe(REQUEST_MESSAGES.unreachable)
    expect(describeError(new ApiError('500: x', 500), 'fb')).toBe('fb')
    expect(describeError(new Error('boom'), 'fb')).toBe('fb')
  })
})

describe('a step-up the server asks for', () => {
  const refusal = () =>
    new Response(JSON.stringify({ error: { code: STEP_UP_REQUIRED_CODE, message: 'Confirm it is you' }, message: 'Confirm it is you' }), {
      status: 403,
    })

  it('asks the registered dialog once and sends the same request again when it was given', async () => {
    const fetchMock = vi
      .fn<(path: string, init: RequestInit) => Promise<Response>>()
      .mockResolvedValueOnce(refusal())
      .mockResolvedValueOnce(new Response(JSON.stringify({ id: 9 }), { status: 201 }))
    vi.stubGlobal('fetch', fetchMock)
    const handler = vi.fn(async () => true)
    const remove = setStepUpHandler(handler)
    try {
      await expect(apiSend('POST', '/api/withdrawals', { amount: 10 }, { headers: { 'Idempotency-Key': 'k1' } })).resolves.toEqual({ id: 9 })
    } finally {
      remove()
    }
    expect(handler).toHaveBeenCalledTimes(1)
    expect(fetchMock).toHaveBeenCalledTimes(2)
    // the same body and the same key: the server sees one request, asked twice
    expect(fetchMock.mock.calls[1]![1]).toMatchObject({
      body: JSON.stringify({ amount: 10 }),
      headers: expect.objectContaining({ 'Idempotency-Key': 'k1' }),
    })
  })

  it('lets the refusal through, with its code, when the dialog is dismissed or none is there', async () => {
    const fetchMock = vi.fn(async () => refusal())
    vi.stubGlobal('fetch', fetchMock)
    const remove = setStepUpHandler(async () => false)
    await expect(apiSend('POST', '/api/withdrawals', {})).rejects.toMatchObject({
      status: 403,
      code: STEP_UP_REQUIRED_CODE,
      message: 'Confirm it is you',
    })
    expect(fetchMock).toHaveBeenCalledTimes(1)
    remove()
    await expect(apiSend('POST', '/api/withdrawals', {})).rejects.toMatchObject({ status: 403 })
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it('asks nothing for any other 403', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: { code: 'forbidden', message: 'No' }, message: 'No' }), { status: 403 })),
    )
    const handler = vi.fn(async () => true)
    const remove = setStepUpHandler(handler)
    await expect(apiSend('POST', '/api/x', {})).rejects.toMatchObject({ status: 403, code: 'forbidden' })
    remove()
    expect(handler).not.toHaveBeenCalled()
  })
})
