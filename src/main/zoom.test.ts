import { describe, expect, it, vi } from 'vitest'
import { createZoomMemory, MAX_ZOOM_LEVEL, MIN_ZOOM_LEVEL, nextZoomLevel, withZoomLevel, zoomLevelFor } from './zoom'

describe('zoom per server origin', () => {
  it('restores each origin its own level, 100 % for one never zoomed', () => {
    const levels = { 'https://handover.example': 1.5, 'http://localhost:3000': -1 }
    expect(zoomLevelFor(levels, 'https://handover.example')).toBe(1.5)
    expect(zoomLevelFor(levels, 'http://localhost:3000')).toBe(-1)
    expect(zoomLevelFor(levels, 'https://other.example')).toBe(0)
    expect(zoomLevelFor(undefined, 'https://handover.example')).toBe(0)
  })

  it('brings a hand-edited level back into range', () => {
    expect(zoomLevelFor({ 'https://handover.example': 40 }, 'https://handover.example')).toBe(MAX_ZOOM_LEVEL)
    expect(zoomLevelFor({ 'https://handover.example': -40 }, 'https://handover.example')).toBe(MIN_ZOOM_LEVEL)
  })

  it('steps by half a level and stops at the limits', () => {
    expect(nextZoomLevel(0, 'zoomIn')).toBe(0.5)
    expect(nextZoomLevel(0, 'zoomOut')).toBe(-0.5)
    expect(nextZoomLevel(2.5, 'resetZoom')).toBe(0)
    expect(nextZoomLevel(MAX_ZOOM_LEVEL, 'zoomIn')).toBe(MAX_ZOOM_LEVEL)
    expect(nextZoomLevel(MIN_ZOOM_LEVEL, 'zoomOut')).toBe(MIN_ZOOM_LEVEL)
  })

  it('saves a level per origin and forgets one back at 100 %', () => {
    const saved = withZoomLevel({ 'http://localhost:3000': -1 }, 'https://handover.example', 1)
    expect(saved).toEqual({ 'http://localhost:3000': -1, 'https://handover.example': 1 })
    expect(withZoomLevel(saved, 'https://handover.example', 0)).toEqual({ 'http://localhost:3000': -1 })
  })
})

describe('createZoomMemory', () => {
  it('reads and writes the levels in the settings file', () => {
    let stored: { zoomLevels?: Record<string, number> } = { zoomLevels: { 'http://localhost:3000': 1 } }
    const memory = createZoomMemory({ load: () => stored, save: (changes) => void (stored = { ...stored, ...changes }) })
    expect(memory.levelFor('http://localhost:3000')).toBe(1)
    memory.remember('https://handover.example', -0.5)
    expect(stored.zoomLevels).toEqual({ 'http://localhost:3000': 1, 'https://handover.example': -0.5 })
  })

  it('keeps going when the file cannot be written', () => {
    const warn = vi.fn()
    const memory = createZoomMemory(
      {
        load: () => ({}),
        save: () => {
          throw new Error('EACCES')
        },
      },
      warn,
    )
    expect(() => memory.remember('http://localhost:3000', 1)).not.toThrow()
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('EACCES'))
  })
})
