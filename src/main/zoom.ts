/**
 * Zoom per server origin, as Chromium keeps it per host: levels are Chromium's (0 is 100 %, each step of 0.5 is
 * one browser zoom step). Remembered in settings.json, so a larger text size survives a restart.
 */

export const ZOOM_STEP = 0.5
// About 58 % to 249 %: beyond that the layout breaks and the menus to undo it become hard to find.
export const MIN_ZOOM_LEVEL = -3
export const MAX_ZOOM_LEVEL = 5

export type ZoomLevels = Record<string, number>

/** The level to restore for a page of `origin`; a hand-edited level out of range is brought back into it. */
export function zoomLevelFor(levels: ZoomLevels | undefined, origin: string): number {
  const level = levels?.[origin]
  return level === undefined ? 0 : clamp(level)
}

/** One menu step (or a reset) from the current level. */
export function nextZoomLevel(current: number, action: 'zoomIn' | 'zoomOut' | 'resetZoom'): number {
  if (action === 'resetZoom') return 0
  return clamp(current + (action === 'zoomIn' ? ZOOM_STEP : -ZOOM_STEP))
}

/** The levels to save: 100 % is no entry, so the file only lists servers someone zoomed. */
export function withZoomLevel(levels: ZoomLevels | undefined, origin: string, level: number): ZoomLevels {
  const { [origin]: _previous, ...others } = levels ?? {}
  return level === 0 ? others : { ...others, [origin]: level }
}

function clamp(level: number): number {
  return Math.min(MAX_ZOOM_LEVEL, Math.max(MIN_ZOOM_LEVEL, level))
}

export interface ZoomMemory {
  levelFor(origin: string): number
  /** Saves quietly: a zoom that cannot be written is still applied, it is only not remembered. */
  remember(origin: string, level: number): void
}

export function createZoomMemory(
  store: { load(): { zoomLevels?: ZoomLevels }; save(changes: { zoomLevels: ZoomLevels }): void },
  warn: (message: string) => void = console.warn,
): ZoomMemory {
  return {
    levelFor: (origin) => zoomLevelFor(store.load().zoomLevels, origin),
    remember(origin, level) {
      try {
        store.save({ zoomLevels: withZoomLevel(store.load().zoomLevels, origin, level) })
      } catch (error) {
        warn(`[handover] could not remember the zoom level: ${String(error)}`)
      }
    },
  }
}
