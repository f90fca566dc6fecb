import { z } from 'zod'
import { apiErrorSchema } from '@shared/api/errors'
import type { Endpoint, RouteAuth } from '@shared/api/endpoint'

export type JsonSchema = Record<string, unknown>

export interface OpenApiOperation {
  operationId: string
  summary: string
  tags: string[]
  security: Record<string, string[]>[]
  'x-auth': RouteAuth
  parameters?: { name: string; in: 'path' | 'query' | 'header'; required: boolean; description?: string; schema: JsonSchema }[]
  requestBody?: { required: true; content: Record<string, { schema: JsonSchema }> }
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }>; headers?: Record<string, unknown> }>
}

export interface OpenApiDocument {
  openapi: '3.1.0'
  info: { title: string; version: string; description: string }
  servers: { url: string }[]
  tags: { name: string }[]
  paths: Record<string, Record<string, OpenApiOperation>>
  components: Record<string, Record<string, unknown>>
}

const ERROR_RESPONSES: Record<number, string> = {
  400: 'The request is malformed: the message names the first problem',
  401: 'Not signed in',
  403: 'Signed in without the right (not an admin, banned), or a cross-site write',
  404: 'Nothing here for the caller (an id that cannot exist, or a resource the caller may not see)',
  409: 'The resource’s state does not allow it now',
  413: 'The body is over its limit',
  415: 'The body is not of a type the route reads',
  423: 'Signing in with the password is locked after too many failed attempts; the owner has an emailed link to unlock it',
  429: 'Too many requests; Retry-After says when to try again',
  502: 'The payment provider or the image’s host answered badly',
  503: 'A dependency (database, provider) is unavailable',
}

const SECURITY: Record<RouteAuth, Record<string, string[]>[]> = {
  // anonymous routes may still read the session to show the caller more (their own listing, admin details)
  anonymous: [{}, { session: [] }],
  'signed-in': [{ session: [] }],
  // OpenAPI 3.1 lets a non-OAuth requirement list roles
  admin: [{ session: ['admin'] }],
  provider: [{ providerBasic: [] }],
}

const AUTH_NOTE: Record<RouteAuth, string> = {
  anonymous: 'anyone',
  'signed-in': 'signed-in users (the session cookie)',
  admin: 'admins only',
  provider: 'the payment provider, with HTTP Basic credentials',
}

/** JSON Schema (2020-12, the dialect of OpenAPI 3.1) of a zod schema: what a request may send, or what an answer holds. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema
  return rest
}

/** `/api/accounts/:id` → `/api/accounts/{id}` */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}')

function operationId(route: Endpoint): string {
  const words = route.path
    .replace(/^\/api\//, '')
    .split(/[/.-]/)
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `by ${part.slice(1)}` : part))
    .join(' ')
  const camel = `${route.method.toLowerCase()} ${words}`.replace(/\s+(\w)/g, (_m, c: string) => c.toUpperCase())
  return camel.replace(/\W/g, '')
}

function parametersOf(route: Endpoint): NonNullable<OpenApiOperation['parameters']> {
  const parameters: NonNullable<OpenApiOperation['parameters']> = []
  for (const [name, schema] of Object.entries(route.params ?? {})) {
    parameters.push({ name, in: 'path', required: true, schema: jsonSchemaOf(schema, 'input') })
  }
  if (route.query) {
    const query = jsonSchemaOf(route.query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] }
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      const { description, ...rest } = schema as JsonSchema & { description?: string }
      parameters.push({
        name,
        in: 'query',
        required: (query.required ?? []).includes(name),
        ...(description ? { description: String(description) } : {}),
        schema: rest,
      })
    }
  }
  if (route.idempotent) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: 'The same key with the same body replays the first answer; with another body it is a 409',
      schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,200}$' },
    })
  }
  return parameters
}

function requestBodyOf(route: Endpoint): OpenApiOperation['requestBody'] {
  if (!route.body) return undefined
  if ('multipart' in route.body) {
    const schema = {
      type: 'object',
      properties: { [route.body.multipart]: { type: 'string', contentMediaType: 'image/*' } },
      required: [route.body.multipart],
    }
    return { required: true, content: { 'multipart/form-data': { schema } } }
  }
  return { required: true, content: { 'application/json': { schema: jsonSchemaOf(route.body, 'input') } } }
}

function errorStatuses(route: Endpoint): number[] {
  const statuses = new Set(route.errors ?? [])
  if (route.query || (route.body && !('multipart' in route.body))) statuses.add(400)
  if (route.body) statuses.add(413)
  if (route.body && !('multipart' in route.body)) statuses.add(415)
  if (route.auth !== 'anonymous') statuses.add(401)
  if (route.auth === 'admin' || route.method !== 'GET') statuses.add(403)
  if (route.params) statuses.add(404)
  if (route.idempotent) statuses.add(409)
  return [...statuses].sort((a, b) => a - b)
}

function responsesOf(route: Endpoint): OpenApiOperation['responses'] {
  const { status = 200, schema, type = 'application/json' } = route.response ?? {}
  const success: OpenApiOperation['responses'][string] = { description: status === 204 ? 'Done; no body' : 'Success' }
  if (status !== 204) {
    success.content = { [type]: { schema: schema ? jsonSchemaOf(schema, 'output') : type === 'application/json' ? {} : { type: 'string' } } }
  }
  if (route.pageHeader) {
    success.headers = {
      [route.pageHeader]: {
        description:
          route.pageHeader === 'X-Next-Cursor' ? 'the `before` of the next page; absent on the last one' : 'how many match, over every page',
        schema: { type: 'string' },
      },
    }
  }
  const responses: OpenApiOperation['responses'] = { [String(status)]: success }
  for (const code of errorStatuses(route)) responses[String(code)] = { $ref: `#/components/responses/E${code}` } as never
  return responses
}

function operationOf(route: Endpoint): OpenApiOperation {
  const parameters = parametersOf(route)
  const requestBody = requestBodyOf(route)
  return {
    operationId: operationId(route),
    summary: route.summary,
    tags: [route.tag],
    security: SECURITY[route.auth],
    'x-auth': route.auth,
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: responsesOf(route),
  }
}

/** The OpenAPI 3.1 document of the routes, every schema taken from the shared zod contracts. */
export function buildOpenApiDocument(routes: readonly Endpoint[], options: { version: string; sessionCookie: string }): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {}
  for (const route of routes) {
    const path = openApiPath(route.path)
    const operations = (paths[path] ??= {})
    const method = route.method.toLowerCase()
    if (operations[method]) throw new Error(`${route.method} ${route.path} is documented twice`)
    operations[method] = operationOf(route)
  }
  const responses = Object.fromEntries(
    Object.entries(ERROR_RESPONSES).map(([code, description]) => [
      `E${code}`,
      { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } },
    ]),
  )
  return {
    openapi: '3.1.0',
    info: {
      title: 'Handover API',
      version: options.version,
      description: [
        'The HTTP API of the Handover marketplace. Money is in dollars at this edge.',
        `Signing in sets the \`${options.sessionCookie}\` cookie. Writes with that cookie must come from the site itself: a browser's cross-site Origin or Sec-Fetch-Site is refused with a 403.`,
        'Every error answers `{ error: { code, message }, message }`.',
        `Who may call an operation is in \`x-auth\`: ${Object.entries(AUTH_NOTE)
          .map(([auth, note]) => `\`${auth}\`: ${note}`)
          .join('; ')}.`,
      ].join('\n\n'),
    },
    servers: [{ url: '/' }],
    tags: [...new Set(routes.map((r) => r.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { ApiError: jsonSchemaOf(apiErrorSchema, 'output') },
      responses,
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: options.sessionCookie,
          description: 'Set by POST /api/auth/login, /verify-email or /admin-login',
        },
        providerBasic: { type: 'http', scheme: 'basic', description: 'The webhook credentials agreed with the payment provider' },
      },
    },
  }
}
