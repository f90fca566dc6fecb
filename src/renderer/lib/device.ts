import { MOBILE_BREAKPOINT_PX, PRIORITY_LOADER } from '@shared/constants'

/** Media query for the spec's mobile layout: viewports under 768 px. */
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`

export function isMobileViewport(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(MOBILE_MEDIA_QUERY).matches
}

interface NetworkInformationLike {
  effectiveType?: string
  downlink?: number
}

/** SPEC §9: 2g, slow-2g, or a downlink under 1.5 Mbps counts as slow. */
export function isSlowConnection(): boolean {
  if (typeof navigator === 'undefined') return false
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection
  if (!connection) return false
  const slowTypes: readonly string[] = PRIORITY_LOADER.slowTypes
  if (connection.effectiveType && slowTypes.includes(connection.effectiveType)) return true
  return typeof connection.downlink === 'number' && connection.downlink < PRIORITY_LOADER.slowDownlinkMbps
}
