import { HttpError } from './errors'

/** How long a client is told to wait before trying again while a dependency is away. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5

export const DATABASE_UNAVAILABLE = 'The service is temporarily unavailable: its database cannot be reached. Please try again in a moment.'
export const REDIS_UNAVAILABLE = 'The service is temporarily unavailable: its live-event store cannot be reached. Please try again in a moment.'
export const DEPENDENCY_UNAVAILABLE =
  'The service is temporarily unavailable: a service it depends on cannot be reached. Please try again in a moment.'

// the socket could not be opened or was cut: Node's own codes, which say nothing of whose socket it was
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'EAI_AGAIN', 'ENOTFOUND'])
// PostgreSQL: class 08 (connection exception), 57P01-57P03 (shutting down, crashed, starting up), 53300 (no free connection slots)
const POSTGRES_STATES = /^(08...|57P0[123]|53300)$/
// what pg and knex say when a pooled connection died or none could be had in time; knex answers "Transaction query
// already complete" to the next statement of a transaction whose connection was cut under it
const POSTGRES_MESSAGES =
  /Connection terminated|connection error and is not queryable|Timeout acquiring a connection|Transaction query already complete|terminating connection due to administrator command|the database system is (starting up|shutting down|in recovery mode)/i
// what ioredis says when a command could not reach the server
const REDIS_MESSAGES = /max retries per request|Connection is closed|Stream isn't writeable|enableOfflineQueue/i

interface Failure {
  name?: string
  code?: unknown
  sqlState?: unknown
  message?: unknown
  cause?: unknown
}

/** The failure and the errors it wraps (MikroORM wraps the driver's; a few set `cause`). */
function chain(err: unknown): Failure[] {
  const out: Failure[] = []
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as Failure).cause, depth++) out.push(e as Failure)
  return out
}

/**
 * Which dependency a failure says is unreachable, if any: the database (a cut connection, a server restarting, a
 * pool with no connection to give within its deadline), Redis (a command that found no connection), or some service
 * whose connection was refused or cut (a refused database connection looks like this too). Anything else is a real
 * error and stays a 500.
 */
export function unreachableDependency(err: unknown): 'database' | 'redis' | 'network' | null {
  for (const e of chain(err)) {
    const message = typeof e.message === 'string' ? e.message : ''
    if (e.name === 'MaxRetriesPerRequestError' || REDIS_MESSAGES.test(message)) return 'redis'
    if (e.name === 'KnexTimeoutError' || POSTGRES_MESSAGES.test(message)) return 'database'
    const state = typeof e.sqlState === 'string' ? e.sqlState : typeof e.code === 'string' ? e.code : ''
    if (POSTGRES_STATES.test(state)) return 'database'
    if (NETWORK_CODES.has(state)) return 'network'
  }
  return null
}

/** A 503 with a message and Retry-After for a failure that means a dependency is away; null for any other failure. */
export function unavailableError(err: unknown): HttpError | null {
  const dependency = unreachableDependency(err)
  if (!dependency) return null
  const message = { database: DATABASE_UNAVAILABLE, redis: REDIS_UNAVAILABLE, network: DEPENDENCY_UNAVAILABLE }[dependency]
  return new HttpError(503, 'unavailable', message, {
    'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS),
  })
}
