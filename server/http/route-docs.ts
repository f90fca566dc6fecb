import { z } from 'zod'

/**
 * Who may call a route. `anonymous`: anyone (signed-in callers may see more, e.g. their own listing's status);
 * `signed-in`: a session (a ban ends every session of the user); `admin`: a signed-in admin, read from the
 * database; `provider`: the payment provider, with the HTTP Basic credentials agreed with it.
 */
export const ROUTE_AUTH = ['anonymous', 'signed-in', 'admin', 'provider'] as const
export type RouteAuth = (typeof ROUTE_AUTH)[number]

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export type ResponseType = 'application/json' | 'text/csv' | 'text/html' | 'image/*'

/**
 * One HTTP route as GET /api/openapi.json describes it. Each module keeps a table of these beside its routes file;
 * a test checks the tables against the routes the app really mounts, so a route cannot go undocumented.
 */
export interface RouteDoc {
  method: HttpMethod
  /** as the router mounts it: /api/accounts/:id */
  path: string
  /**
   * the mounted pattern when one route serves several documented operations
   * (POST /api/transactions/:id/:step is documented once per step)
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

/** A module's table: each route tagged with the module's name, which groups it in the document. */
export type TaggedRouteDoc = RouteDoc & { tag: string }

export function routeDocs(tag: string, routes: RouteDoc[]): TaggedRouteDoc[] {
  return routes.map((route) => ({ ...route, tag }))
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
