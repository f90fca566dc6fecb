import { describe, expect, it } from 'vitest'
import { parseWindowState, restoreWindowState, WINDOW_SIZE, type Rectangle, type WindowState } from './window-state'

// Work areas (the screen minus taskbar or dock): a laptop panel, a wide monitor to its right and one to
// its left that sits a little higher, which gives negative coordinates.
const laptop: Rectangle = { x: 0, y: 0, width: 1920, height: 1040 }
const right: Rectangle = { x: 1920, y: 0, width: 2560, height: 1400 }
const left: Rectangle = { x: -1920, y: -200, width: 1920, height: 1040 }

const centred = { width: WINDOW_SIZE.width, height: WINDOW_SIZE.height }

function saved(bounds: Rectangle, isMaximized = false): WindowState {
  return { bounds, isMaximized }
}

describe('restoreWindowState', () => {
  it('opens at the default size, centred, on first start', () => {
    expect(restoreWindowState(null, [laptop])).toEqual({ bounds: centred, isMaximized: false })
  })

  it('restores bounds that are on a display', () => {
    const bounds = { x: 100, y: 80, width: 1400, height: 900 }
    expect(restoreWindowState(saved(bounds), [laptop, right])).toEqual({ bounds, isMaximized: false })
  })

  it('restores a window on a second monitor', () => {
    const bounds = { x: 2400, y: 200, width: 1600, height: 1000 }
    expect(restoreWindowState(saved(bounds, true), [laptop, right]).bounds).toEqual(bounds)
  })

  it('restores negative coordinates on a monitor left of and above the primary', () => {
    const bounds = { x: -1700, y: -150, width: 1300, height: 850 }
    expect(restoreWindowState(saved(bounds), [laptop, left]).bounds).toEqual(bounds)
  })

  it('falls back to the default centred size when the monitor was unplugged, keeping maximised', () => {
    const onRight = saved({ x: 2400, y: 200, width: 1600, height: 1000 }, true)
    expect(restoreWindowState(onRight, [laptop])).toEqual({ bounds: centred, isMaximized: true })
    const onLeft = saved({ x: -1700, y: -150, width: 1300, height: 850 })
    expect(restoreWindowState(onLeft, [laptop])).toEqual({ bounds: centred, isMaximized: false })
  })

  it('falls back when only a sliver would show', () => {
    const almostGone = saved({ x: 1880, y: 100, width: 1280, height: 820 })
    expect(restoreWindowState(almostGone, [laptop]).bounds).toEqual(centred)
    const belowTheScreen = saved({ x: 100, y: 1000, width: 1280, height: 820 })
    expect(restoreWindowState(belowTheScreen, [laptop]).bounds).toEqual(centred)
  })

  it('pulls a partly off-screen window fully back onto its display', () => {
    const offRight = saved({ x: 1500, y: 100, width: 1280, height: 820 })
    expect(restoreWindowState(offRight, [laptop]).bounds).toEqual({ x: 640, y: 100, width: 1280, height: 820 })
    const titleBarAbove = saved({ x: -300, y: -500, width: 1280, height: 820 })
    expect(restoreWindowState(titleBarAbove, [laptop]).bounds).toEqual({ x: 0, y: 0, width: 1280, height: 820 })
  })

  it('puts a window spanning two monitors on the one showing more of it', () => {
    const mostlyRight = saved({ x: 1700, y: 100, width: 1400, height: 900 })
    expect(restoreWindowState(mostlyRight, [laptop, right]).bounds).toEqual({ x: 1920, y: 100, width: 1400, height: 900 })
    const mostlyLeft = saved({ x: -1000, y: 100, width: 1400, height: 700 })
    expect(restoreWindowState(mostlyLeft, [laptop, left]).bounds).toEqual({ x: -1400, y: 100, width: 1400, height: 700 })
  })

  it('grows a window below the minimum size', () => {
    const tiny = saved({ x: 50, y: 50, width: 300, height: 200 })
    expect(restoreWindowState(tiny, [laptop]).bounds).toEqual({ x: 50, y: 50, width: WINDOW_SIZE.minWidth, height: WINDOW_SIZE.minHeight })
  })

  it('shrinks a window larger than its display to the work area', () => {
    const huge = saved({ x: 10, y: 10, width: 4000, height: 2000 })
    expect(restoreWindowState(huge, [laptop]).bounds).toEqual(laptop)
  })

  it('keeps the minimum size on a display smaller than it, at the display corner', () => {
    const small: Rectangle = { x: 0, y: 0, width: 800, height: 560 }
    const bounds = saved({ x: 20, y: 20, width: 1000, height: 700 })
    expect(restoreWindowState(bounds, [small]).bounds).toEqual({ x: 0, y: 0, width: WINDOW_SIZE.minWidth, height: WINDOW_SIZE.minHeight })
  })

  it('falls back when no display is known', () => {
    expect(restoreWindowState(saved({ x: 0, y: 0, width: 1280, height: 820 }), []).bounds).toEqual(centred)
  })
})

describe('parseWindowState', () => {
  it('accepts what the app saves', () => {
    const state = saved({ x: -1700, y: -150, width: 1300, height: 850 }, true)
    expect(parseWindowState(JSON.parse(JSON.stringify(state)))).toEqual(state)
  })

  it.each([
    null,
    'x',
    [],
    {},
    { bounds: { x: 0, y: 0, width: 800, height: 600 } },
    { bounds: { x: 0, y: 0, width: 800 }, isMaximized: false },
    { bounds: { x: '0', y: 0, width: 800, height: 600 }, isMaximized: false },
    { bounds: { x: 0.5, y: 0, width: 800, height: 600 }, isMaximized: false },
    { bounds: { x: 0, y: 0, width: 0, height: 600 }, isMaximized: false },
    { bounds: { x: 0, y: 0, width: -800, height: 600 }, isMaximized: false },
    { bounds: { x: 1e12, y: 0, width: 800, height: 600 }, isMaximized: false },
    { bounds: { x: 0, y: 0, width: 800, height: 600 }, isMaximized: 'yes' },
  ])('refuses %j', (value) => {
    expect(parseWindowState(value)).toBeNull()
  })
})
