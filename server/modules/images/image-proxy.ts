import { ImageCache, type ImageCacheLimits } from './image-cache'
import { downloadImage, type FetchSettings, type ProxiedImage } from './image-fetch'
import { parseImageUrl, resolveWithSystemDns, type Resolver, type SocketAddress } from './destination'

export type { ProxiedImage } from './image-fetch'
export type { ResolvedAddress, Resolver, SocketAddress } from './destination'

export interface ImageProxyOptions {
  /** defaults to the system resolver (getaddrinfo) */
  resolve?: Resolver
  /**
   * Exact address + port pairs that may be fetched although the policy refuses them, so tests can
   * serve images from 127.0.0.1. Production passes nothing; there is deliberately no env switch.
   */
  allowPrivateForTests?: readonly SocketAddress[]
  /** ports a public address may be fetched on; 80 and 443 by default */
  ports?: readonly number[]
  timeoutMs?: number
  maxBytes?: number
  maxRedirects?: number
  cache?: Partial<ImageCacheLimits>
}

export interface ImageProxy {
  /** the image behind an absolute http(s) URL; throws an HttpError (400/403/413/415/502/504) otherwise */
  fetch(rawUrl: string): Promise<ProxiedImage>
}

export const IMAGE_PROXY_DEFAULTS = {
  ports: [80, 443],
  timeoutMs: 10_000,
  maxBytes: 5 * 1024 * 1024,
  maxRedirects: 3,
  cache: { maxEntries: 200, maxBytes: 50 * 1024 * 1024, ttlMs: 60 * 60 * 1000 },
} as const

export function createImageProxy(options: ImageProxyOptions = {}): ImageProxy {
  const settings: FetchSettings = {
    resolve: options.resolve ?? resolveWithSystemDns,
    allowPrivateForTests: options.allowPrivateForTests ?? [],
    ports: options.ports ?? IMAGE_PROXY_DEFAULTS.ports,
    timeoutMs: options.timeoutMs ?? IMAGE_PROXY_DEFAULTS.timeoutMs,
    maxBytes: options.maxBytes ?? IMAGE_PROXY_DEFAULTS.maxBytes,
    maxRedirects: options.maxRedirects ?? IMAGE_PROXY_DEFAULTS.maxRedirects,
  }
  const cache = new ImageCache({ ...IMAGE_PROXY_DEFAULTS.cache, ...options.cache })
  // a page full of the same banner asks many times at once; they share one upstream fetch
  const inFlight = new Map<string, Promise<ProxiedImage>>()

  return {
    async fetch(rawUrl) {
      const url = parseImageUrl(rawUrl)
      const key = url.href
      const cached = cache.get(key)
      if (cached) return cached
      let pending = inFlight.get(key)
      if (!pending) {
        pending = downloadImage(url, settings)
          .then((image) => {
            cache.set(key, image)
            return image
          })
          .finally(() => inFlight.delete(key))
        inFlight.set(key, pending)
      }
      return pending
    },
  }
}
