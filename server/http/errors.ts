/** Domain errors carry their HTTP status; one middleware turns them into `{ error: { code, message }, message }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

export const badRequest = (message: string, code = 'bad_request') => new HttpError(400, code, message)
export const unauthorized = (message = 'Not signed in') => new HttpError(401, 'unauthorized', message)
export const forbidden = (message = 'Not allowed') => new HttpError(403, 'forbidden', message)
export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message)
export const conflict = (message: string, code = 'conflict') => new HttpError(409, code, message)
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, 'rate_limited', message, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) })
export const serviceUnavailable = (message: string) => new HttpError(503, 'unavailable', message)
