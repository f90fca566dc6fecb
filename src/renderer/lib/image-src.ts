import { MEDIA_PREFIX } from '@shared/api/listings'
import { imagesEndpoints } from '@shared/api/endpoints/images'
import { apiUrl } from './api'

/**
 * Where the browser loads a listing image from. Our own uploads (`/media/...`) are same-origin and
 * load directly — the proxy refuses our own server by design. Third-party URLs go through the proxy
 * so the page never talks to other hosts.
 */
export function imageSrc(url: string): string {
  if (url.startsWith(MEDIA_PREFIX)) return url
  return `${apiUrl(imagesEndpoints.getProxyImage)}?url=${encodeURIComponent(url)}`
}
