import { z } from 'zod'

/**
 * Where the window reopens: the size and position it had when last moved, resized or closed, as long as
 * that place still exists. Displays come and go (a laptop leaves its dock, a monitor is unplugged), so
 * saved bounds are checked against the work areas of the displays connected now.
 */

export interface Rectangle {
  x: number
  y: number
  width: number
  height: number
}

export interface WindowState {
  /** The window's normal (not maximised) bounds, so un-maximising returns to them. */
  bounds: Rectangle
  isMaximized: boolean
}

/** Bounds for the new BrowserWindow: without x and y, Electron centres it on the primary display. */
export interface WindowPlacement {
  bounds: { width: number; height: number; x?: number; y?: number }
  isMaximized: boolean
}

export const WINDOW_SIZE = { width: 1280, height: 820, minWidth: 960, minHeight: 600 } as const

// At least this much of the window, both across and down, must fall on one display for it to count as
// still there: a sliver along an edge cannot be grabbed, so such a window is as good as lost.
const MIN_VISIBLE_PX = 64

const coordinate = z.number().int().min(-1_000_000).max(1_000_000)
const length = z.number().int().positive().max(100_000)

export const windowStateSchema = z.object({
  bounds: z.object({ x: coordinate, y: coordinate, width: length, height: length }),
  isMaximized: z.boolean(),
})

/** The saved state, or null when it is missing or not a state this version wrote. */
export function parseWindowState(value: unknown): WindowState | null {
  const parsed = windowStateSchema.safeParse(value)
  return parsed.success ? parsed.data : null
}

/**
 * The placement for a new window: the saved bounds when enough of them lies on one of `workAreas`
 * (pulled fully onto that display and grown to the minimum size), else the default size, centred.
 */
export function restoreWindowState(saved: WindowState | null, workAreas: readonly Rectangle[]): WindowPlacement {
  const isMaximized = saved?.isMaximized ?? false
  const fallback: WindowPlacement = { bounds: { width: WINDOW_SIZE.width, height: WINDOW_SIZE.height }, isMaximized }
  if (!saved) return fallback

  const display = displayShowing(saved.bounds, workAreas)
  if (!display) return fallback
  return { bounds: fitInto(saved.bounds, display), isMaximized }
}

/** The work area holding the largest visible part of `bounds`, if that part is big enough to grab. */
function displayShowing(bounds: Rectangle, workAreas: readonly Rectangle[]): Rectangle | undefined {
  let best: Rectangle | undefined
  let bestArea = 0
  for (const area of workAreas) {
    const across = overlap(bounds.x, bounds.width, area.x, area.width)
    const down = overlap(bounds.y, bounds.height, area.y, area.height)
    if (across < MIN_VISIBLE_PX || down < MIN_VISIBLE_PX) continue
    if (across * down > bestArea) {
      best = area
      bestArea = across * down
    }
  }
  return best
}

function overlap(start: number, size: number, areaStart: number, areaSize: number): number {
  return Math.max(0, Math.min(start + size, areaStart + areaSize) - Math.max(start, areaStart))
}

/**
 * Moves `bounds` inside `area`, sized between the minimum and the area, so a window half off a screen comes
 * back whole. The minimum size wins over a display smaller than it; the window then starts at its top-left.
 */
function fitInto(bounds: Rectangle, area: Rectangle): Rectangle {
  const width = Math.max(Math.min(bounds.width, area.width), WINDOW_SIZE.minWidth)
  const height = Math.max(Math.min(bounds.height, area.height), WINDOW_SIZE.minHeight)
  return {
    x: clamp(bounds.x, area.x, area.x + area.width - width),
    y: clamp(bounds.y, area.y, area.y + area.height - height),
    width,
    height,
  }
}

/** `value` within [min, max]; when the range is empty (a window wider than the area), `min`. */
function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(value, max))
}
