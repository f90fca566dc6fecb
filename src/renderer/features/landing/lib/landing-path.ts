import { isLivePlatform, isPlatformId, type LivePlatformId, type PlatformId } from '@/config/platforms'

export const VERIFIED_LANDING_PATH = '/verified-social-media-accounts'

export type Landing = { kind: 'platform'; platform: LivePlatformId } | { kind: 'coming-soon'; platform: PlatformId } | { kind: 'verified' }

/** Which landing a path shows: /buy-{platform}-accounts or /verified-social-media-accounts; null for any other. */
export function parseLandingPath(pathname: string): Landing | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  if (path === VERIFIED_LANDING_PATH) return { kind: 'verified' }
  const platform = /^\/buy-([a-z]+)-accounts$/.exec(path)?.[1]
  if (isLivePlatform(platform)) return { kind: 'platform', platform }
  if (isPlatformId(platform)) return { kind: 'coming-soon', platform }
  return null
}
