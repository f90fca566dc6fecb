import { createHash } from 'node:crypto'
import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { HttpError } from '../../http/errors'
import { parseImageUrl, resolveDestination, type Destination, type DestinationPolicy } from './destination'
import { imageTooLarge, notAnImage, upstreamFailed, upstreamTimeout } from './image-errors'

export interface ProxiedImage {
  body: Buffer
  /** the upstream media type without parameters, already checked to be a raster image */
  contentType: string
  /** strong validator: quoted sha1 of the body */
  etag: string
}

export interface FetchSettings extends DestinationPolicy {
  /** for the whole chain: every lookup, redirect and the body */
  timeoutMs: number
  maxBytes: number
  maxRedirects: number
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])
const MEDIA_TYPE = /^image\/[a-z0-9.+-]+$/

/** Fetches one image, re-checking the destination of every redirect; failures become HttpErrors. */
export async function downloadImage(start: URL, settings: FetchSettings): Promise<ProxiedImage> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), settings.timeoutMs)
  try {
    return await followRedirects(start, settings, controller.signal)
  } catch (err) {
    if (err instanceof HttpError) throw err
    if (controller.signal.aborted) throw upstreamTimeout(settings.timeoutMs)
    throw upstreamFailed('Could not fetch the image')
  } finally {
    clearTimeout(timer)
  }
}

async function followRedirects(start: URL, settings: FetchSettings, signal: AbortSignal): Promise<ProxiedImage> {
  let url = start
  for (let redirects = 0; ; redirects++) {
    const destination = await untilAborted(resolveDestination(url, settings), signal)
    const res = await send(url, destination, signal)
    const location = REDIRECT_STATUSES.has(res.statusCode ?? 0) ? res.headers.location : undefined
    if (location === undefined) return await readImage(res, settings.maxBytes)
    res.destroy()
    if (redirects >= settings.maxRedirects) throw upstreamFailed(`The image host redirected more than ${settings.maxRedirects} times`)
    url = redirectTarget(location, url)
  }
}

function redirectTarget(location: string, from: URL): URL {
  try {
    return parseImageUrl(new URL(location, from).href)
  } catch {
    // the user asked for a valid URL; that the host sent a bad one is the host's failure, not a 400
    throw upstreamFailed('The image host redirected to an address that cannot be proxied')
  }
}

/** One GET that connects to the checked address only; Host and TLS SNI still carry the name. */
function send(url: URL, to: Destination, signal: AbortSignal): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http
  return new Promise((ok, fail) => {
    const req = client.request(
      {
        host: to.hostname,
        port: to.port,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        headers: {
          host: url.host,
          accept: 'image/avif,image/webp,image/png,image/*;q=0.8',
          // we pass bytes through untouched, so ask for them unencoded
          'accept-encoding': 'identity',
          'user-agent': 'HandoverImageProxy/1.0',
        },
        lookup: pinnedLookup(to),
        // a pooled socket could have been opened for another address; every request gets its own
        agent: false,
        signal,
      },
      ok,
    )
    req.on('error', fail)
    req.end()
  })
}

/** Answers Node's own lookup with the address we already checked, so DNS cannot change between check and connect. */
function pinnedLookup(to: Destination): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: to.address, family: to.family }])
    else callback(null, to.address, to.family)
  }
}

async function readImage(res: IncomingMessage, maxBytes: number): Promise<ProxiedImage> {
  try {
    const contentType = checkHeaders(res, maxBytes)
    const body = await readCapped(res, maxBytes)
    return { body, contentType, etag: `"${createHash('sha1').update(body).digest('hex')}"` }
  } finally {
    res.destroy()
  }
}

/** Refuses before reading the body whatever the headers already rule out. */
function checkHeaders(res: IncomingMessage, maxBytes: number): string {
  if (res.statusCode !== 200) throw upstreamFailed(`The image host answered with status ${res.statusCode}`)
  const type = (res.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
  // SVG is a document that can run script; only raster types are passed on
  if (type.includes('svg')) throw notAnImage('SVG images are not proxied')
  if (!MEDIA_TYPE.test(type)) throw notAnImage(`The address is not an image (content type: ${type || 'none'})`)
  const encoding = res.headers['content-encoding']
  if (encoding && encoding.toLowerCase() !== 'identity') throw upstreamFailed('The image host sent an encoded body')
  if (Number(res.headers['content-length']) > maxBytes) throw imageTooLarge(maxBytes)
  return type
}

/** Counts streamed bytes too: Content-Length may be absent (chunked) or lie. */
async function readCapped(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  let total = 0
  for await (const chunk of res as AsyncIterable<Buffer>) {
    total += chunk.length
    if (total > maxBytes) throw imageTooLarge(maxBytes)
    chunks.push(chunk)
  }
  return Buffer.concat(chunks, total)
}

/** DNS lookups take no AbortSignal; the timeout must still cover them. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason)
  return new Promise<T>((ok, fail) => {
    const onAbort = () => fail(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    work.then(ok, fail).finally(() => signal.removeEventListener('abort', onAbort))
  })
}
