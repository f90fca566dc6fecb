import { endpointPath, type BodyOf, type Endpoint, type HasParams, type PathParams, type ResponseOf } from '@shared/api/endpoint'
import { apiGetWithHeaders, apiSend, apiSendForm, type RequestOptions } from './api-client'

/**
 * Calls to the API by its endpoint table (src/shared/api/endpoints): the URL is built from the declaration, never
 * written by hand, and the answer is typed by the declared response. Reads keep the request layer's rule (a 401 is
 * null); writes throw with the server's message. Screens that check an answer's shape still parse it themselves.
 */

/** A query as a record (null and undefined left out) or as search parameters built by the caller. */
export type ApiQuery = URLSearchParams | Record<string, string | number | boolean | null | undefined>

export type ApiArgs<E extends Endpoint> = (HasParams<E['path']> extends true ? { params: PathParams<E['path']> } : { params?: undefined }) & {
  query?: ApiQuery
} & ([BodyOf<E>] extends [never] ? { body?: undefined } : { body?: BodyOf<E> })

/** The arguments after the endpoint: required when the path has parameters to fill. */
type Rest<E extends Endpoint> =
  HasParams<E['path']> extends true ? [args: ApiArgs<E>, options?: RequestOptions] : [args?: ApiArgs<E>, options?: RequestOptions]

function queryString(query: ApiQuery | undefined): string {
  if (query === undefined) return ''
  const search =
    query instanceof URLSearchParams
      ? query
      : new URLSearchParams(Object.entries(query).flatMap(([key, value]) => (value === null || value === undefined ? [] : [[key, String(value)]])))
  const text = search.toString()
  return text ? `?${text}` : ''
}

/** The endpoint's URL with its parameters filled in and its query, as the request layer sends it. */
export function apiUrl<E extends Endpoint>(endpoint: E, args?: { params?: Record<string, string | number>; query?: ApiQuery }): string {
  return endpointPath(endpoint, args?.params) + queryString(args?.query)
}

/** Calls an endpoint: a GET answers null when signed out (401); any other method throws on failure. */
export async function api<E extends Endpoint>(
  endpoint: E,
  ...[args, options]: Rest<E>
): Promise<E['method'] extends 'GET' ? ResponseOf<E> | null : ResponseOf<E>> {
  const url = apiUrl(endpoint, args)
  if (endpoint.method === 'GET') return (await apiGetWithHeaders<ResponseOf<E>>(url, options)).body as ResponseOf<E>
  return apiSend<ResponseOf<E>>(endpoint.method, url, args?.body, options)
}

/** A GET that also hands back the response headers, for lists that page by X-Total-Count or X-Next-Cursor. */
export function apiWithHeaders<E extends Endpoint & { method: 'GET' }>(endpoint: E, ...[args, options]: Rest<E>) {
  return apiGetWithHeaders<ResponseOf<E>>(apiUrl(endpoint, args), options)
}

/** A multipart upload to an endpoint that takes one file. */
export function apiForm<E extends Endpoint & { body: { multipart: string } }>(endpoint: E, form: FormData, options?: RequestOptions) {
  return apiSendForm<ResponseOf<E>>(endpointPath(endpoint), form, options)
}
