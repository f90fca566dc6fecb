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
