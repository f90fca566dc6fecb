import type Koa from 'koa'
import type { Middleware } from 'koa'
import { ZodError } from 'zod'
import type { Logger } from '../logger'
import { HttpError } from './errors'
import { issueMessage } from './validation'
import { unavailableError } from './unavailable'

interface FrameworkError extends Error {
  status?: number
  statusCode?: number
  expose?: boolean
  type?: string
}

function send(ctx: Parameters<Middleware>[0], status: number, code: string, message: string): void {
  ctx.status = status
  ctx.body = { error: { code, message }, message }
}

/** Maps every failure to one JSON shape; anything unexpected is logged and answered without details. */
export function errorMiddleware(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next()
      if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api')) {
        send(ctx, 404, 'not_found', `No route for ${ctx.method} ${ctx.path}`)
      }
      // the routers' answer to a method a path does not have (405), or that none has (501, made a 405: it is the caller's mistake)
      if ((ctx.status === 405 || ctx.status === 501) && ctx.body === undefined && ctx.path.startsWith('/api')) {
        send(ctx, 405, 'method_not_allowed', `${ctx.method} is not allowed on ${ctx.path}`)
      }
    } catch (raw) {
      const err = raw as FrameworkError
      if (err instanceof HttpError) {
        ctx.set(err.headers)
        return send(ctx, err.status, err.code, err.message)
      }
      if (err instanceof ZodError) {
        return send(ctx, 400, 'validation_error', issueMessage(err.issues[0]))
      }
      const status = err.status ?? err.statusCode
      if (status === 413 || err.type === 'entity.too.large') {
        return send(ctx, 413, 'payload_too_large', 'Request body is too large (the limit is 1 MB)')
      }
      if (err.type === 'entity.parse.failed' || (status === 400 && /json/i.test(err.message))) {
        return send(ctx, 400, 'malformed_json', 'Malformed JSON in request body')
      }
      if (status === 415 || err.type === 'encoding.unsupported' || err.type === 'charset.unsupported') {
        return send(ctx, 415, 'unsupported_media_type', 'Unsupported request encoding')
      }
      if (status && status >= 400 && status < 500) {
        return send(ctx, status, 'bad_request', err.expose ? err.message : 'Bad request')
      }
      // the database or Redis away (a restart, a failover): a clear 503 the client may retry, not an internal error
      const unavailable = unavailableError(err)
      if (unavailable) {
        logger.warn({ err, path: ctx.path, method: ctx.method }, 'dependency unavailable')
        ctx.set(unavailable.headers)
        return send(ctx, unavailable.status, unavailable.code, unavailable.message)
      }
      logger.error({ err, path: ctx.path, method: ctx.method }, 'unhandled error')
      send(ctx, 500, 'internal', 'Internal server error')
    }
  }
}

/** A client that went away before its answer was all sent: routine, not a fault of the server's. */
const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED'])

/**
 * What Koa reports outside the middleware, into the log instead of onto stderr: mostly a streamed answer (a media
 * file) the client stopped reading by leaving the page, which Koa's own handler prints as a stack trace. A client
 * that went away, and a client error, are debug lines; anything else is an error with its stack.
 */
export function logAppErrors(app: Koa<never, never>, logger: Logger): void {
  app.on('error', (err: NodeJS.ErrnoException & FrameworkError, ctx?: { method: string; path: string }) => {
    const where = ctx ? { method: ctx.method, path: ctx.path } : {}
    const status = err.status ?? err.statusCode
    if (CLIENT_GONE.has(err.code ?? '')) logger.debug({ ...where, code: err.code }, 'the client closed the connection before its answer was sent')
    else if (status !== undefined && status < 500) logger.debug({ ...where, status, message: err.message }, 'client error outside the routes')
    else logger.error({ err, ...where }, 'answer failed after the routes')
  })
}
