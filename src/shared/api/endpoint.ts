import { z } from 'zod'

/**
 * The API's endpoint table: each endpoint is declared once, here in src/shared/api, and used three ways. The server
 * mounts its handler against the declaration (server/http/endpoint-router.ts), GET /api/openapi.json documents it, and
 * the renderer calls it with `api(endpoint, args)` (src/renderer/lib/api.ts), which builds the URL from it.
 */

/**
 * Who may call an endpoint. `anonymous`: anyone (signed-in callers may see more, e.g. their own listing's status);
 * `signed-in`: a session (a ban ends every session of the user); `admin`: a signed-in admin, read from the
 * database; `provider`: the payment provider, with the HTTP Basic credentials agreed with it.
 */
export const ROUTE_AUTH = ['anonymous', 'signed-in', 'admin', 'provider'] as const
export type RouteAuth = (typeof ROUTE_AUTH)[number]

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export type ResponseType = 'application/json' | 'text/csv' | 'text/html' | 'image/*'

/** One endpoint as its module declares it. */
export interface EndpointSpec {
  method: HttpMethod
  /** as the router mounts it: /api/accounts/:id */
  path: string
  /**
   * the mounted pattern when one route serves several declared endpoints
   * (POST /api/transactions/:id/:step is declared once per step)
   */
  mountedAs?: string
  summary: string
  auth: RouteAuth
  /** what the path parameters must look like; a value that cannot be one is a 404 */
  params?: Record<string, z.ZodType>
  query?: z.ZodType
  /** a JSON body, or one file sent as multipart/form-data in the named field */
  body?: z.ZodType | { multipart: string }
  /** the success answer: its status (200 unless given), media type (JSON unless given) and JSON schema */
  response?: { status?: number; schema?: z.ZodType; type?: ResponseType }
  /** error statuses beyond those the auth, parameters, query and body already imply */
  errors?: number[]
  /** takes an Idempotency-Key header: the same key and body replay the first answer */
  idempotent?: boolean
  /** a response header that pages the list: the total (X-Total-Count) or the next page's cursor (X-Next-Cursor) */
  pageHeader?: 'X-Total-Count' | 'X-Next-Cursor'
}

/** An endpoint with its module's name, which groups it in the OpenAPI document. */
export type Endpoint<S extends EndpointSpec = EndpointSpec> = S & { readonly tag: string }

/** A module's endpoints by name, each tagged with the module's name. */
export function endpoints<const T extends Record<string, EndpointSpec>>(tag: string, table: T): { readonly [K in keyof T]: Endpoint<T[K]> } {
  return Object.fromEntries(Object.entries(table).map(([name, spec]) => [name, { ...spec, tag }])) as { [K in keyof T]: Endpoint<T[K]> }
}

/** The names of a path's parameters: '/api/transactions/:id/:step' → 'id' | 'step'. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never

/** The values a path's parameters take; a path only known as a string takes any. */
export type PathParams<P extends string> = string extends P ? Record<string, string | number> : { [K in ParamNames<P>]: string | number }

/** Whether a path has parameters to fill. */
export type HasParams<P extends string> = string extends P ? true : [ParamNames<P>] extends [never] ? false : true

/** What the endpoint answers, as its response schema says; unknown when it declares none. */
export type ResponseOf<E extends EndpointSpec> = E extends EndpointSpec
  ? E['response'] extends { schema: infer S extends z.ZodType }
    ? z.output<S>
    : unknown
  : never

/** What the endpoint takes as its JSON body (for a union of endpoints, what any of them takes). */
export type BodyOf<E extends EndpointSpec> = E extends EndpointSpec ? (E['body'] extends z.ZodType ? z.input<E['body']> : never) : never

/** A path with its parameters filled in, each one encoded; a missing one is a programming error. */
export function endpointPath(endpoint: Pick<EndpointSpec, 'path'>, params: Record<string, string | number> = {}): string {
  return endpoint.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`${endpoint.path} needs its ${name}`)
    return encodeURIComponent(String(value))
  })
}

/** A database id in the path (PostgreSQL serial): anything else is answered 404 without a query. */
export const serialIdParam = z.int().min(1).max(2_147_483_647).describe('a whole number from 1 to 2147483647')

/** `?page=` of the lists that parse it by hand (withdrawals, balance history). */
export const pageQuery = z.object({
  page: z
    .string()
    .regex(/^\d{1,6}$/)
    .optional()
    .describe('1 to 100000; 1 when absent'),
})

/** `{ success: true }` */
export const successSchema = z.object({ success: z.literal(true) })
