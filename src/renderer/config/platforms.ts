import { LIVE_PLATFORMS, PLATFORM_IDS } from '@shared/constants'

export type PlatformId = (typeof PLATFORM_IDS)[number]
export type LivePlatformId = (typeof LIVE_PLATFORMS)[number]

export interface PlatformInfo {
  id: PlatformId
  label: string
  /** Brand colour used for tiles and badges (SPEC §3: colours for the six platforms). */
  color: string
  /** Noun the platform uses for its audience; YouTube says "Subscribers" (SPEC §3). */
  audience: 'Subscribers' | 'Followers'
  comingSoon: boolean
}

export const PLATFORMS: Record<PlatformId, PlatformInfo> = {
  youtube: { id: 'youtube', label: 'YouTube', color: '#ff0033', audience: 'Subscribers', comingSoon: false },
  tiktok: { id: 'tiktok', label: 'TikTok', color: '#111111', audience: 'Followers', comingSoon: false },
  instagram: { id: 'instagram', label: 'Instagram', color: '#d62976', audience: 'Followers', comingSoon: false },
  facebook: { id: 'facebook', label: 'Facebook', color: '#1877f2', audience: 'Followers', comingSoon: false },
  twitter: { id: 'twitter', label: 'Twitter / X', color: '#14171a', audience: 'Followers', comingSoon: false },
  telegram: { id: 'telegram', label: 'Telegram', color: '#229ed9', audience: 'Followers', comingSoon: false },
  gaming: { id: 'gaming', label: 'Gaming', color: '#7c3aed', audience: 'Followers', comingSoon: true },
}

/** Tile order on the home page: the live platforms, then the coming-soon ones. */
export const PLATFORM_TILES: readonly PlatformInfo[] = [
  ...LIVE_PLATFORMS.map((id) => PLATFORMS[id]),
  ...PLATFORM_IDS.filter((id) => PLATFORMS[id].comingSoon).map((id) => PLATFORMS[id]),
]

export function isPlatformId(value: string | null | undefined): value is PlatformId {
  return value != null && (PLATFORM_IDS as readonly string[]).includes(value)
}

export function isLivePlatform(value: string | null | undefined): value is LivePlatformId {
  return value != null && (LIVE_PLATFORMS as readonly string[]).includes(value)
}
