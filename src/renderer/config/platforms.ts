import { LIVE_PLATFORMS, PLATFORM_IDS } from '@shared/constants'
import { darkenForWhiteText } from '@/lib/contrast'

export type PlatformId = (typeof PLATFORM_IDS)[number]
export type LivePlatformId = (typeof LIVE_PLATFORMS)[number]

export interface PlatformInfo {
  id: PlatformId
  label: string
  /** Brand colour used for tiles and badges (SPEC §3: colours for the six platforms). */
  color: string
  /** The brand colour darkened just enough to carry white text (4.5:1): badges with the platform's name. */
  badgeColor: string
  /** Noun the platform uses for its audience; YouTube says "Subscribers" (SPEC §3). */
  audience: 'Subscribers' | 'Followers'
  comingSoon: boolean
}

const platform = (info: Omit<PlatformInfo, 'badgeColor'>): PlatformInfo => ({ ...info, badgeColor: darkenForWhiteText(info.color) })

export const PLATFORMS: Record<PlatformId, PlatformInfo> = {
  youtube: platform({ id: 'youtube', label: 'YouTube', color: '#ff0033', audience: 'Subscribers', comingSoon: false }),
  tiktok: platform({ id: 'tiktok', label: 'TikTok', color: '#111111', audience: 'Followers', comingSoon: false }),
  instagram: platform({ id: 'instagram', label: 'Instagram', color: '#d62976', audience: 'Followers', comingSoon: false }),
  facebook: platform({ id: 'facebook', label: 'Facebook', color: '#1877f2', audience: 'Followers', comingSoon: false }),
  twitter: platform({ id: 'twitter', label: 'Twitter / X', color: '#14171a', audience: 'Followers', comingSoon: false }),
  telegram: platform({ id: 'telegram', label: 'Telegram', color: '#229ed9', audience: 'Followers', comingSoon: false }),
  gaming: platform({ id: 'gaming', label: 'Gaming', color: '#7c3aed', audience: 'Followers', comingSoon: true }),
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
