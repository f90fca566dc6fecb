import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createWindowStateStore, SAVE_DELAY_MS, trackWindowState, type StateFiles, type TrackedWindow } from './window-state-store'
import type { WindowState } from './window-state'

const state: WindowState = { bounds: { x: -1700, y: -150, width: 1300, height: 850 }, isMaximized: true }

describe('createWindowStateStore on disk', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'window-state-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('reads back what it saved', () => {
    const store = createWindowStateStore(join(dir, 'window-state.json'))
    store.save(state)
    expect(createWindowStateStore(join(dir, 'window-state.json')).load()).toEqual(state)
  })

  it('loads nothing on first start', () => {
    expect(createWindowStateStore(join(dir, 'window-state.json')).load()).toBeNull()
  })

  it.each(['{"bounds":', '', 'null', '{"bounds":{"x":0},"isMaximized":false}', '\u0000\u0000'])('ignores a corrupt file %j', (content) => {
    writeFileSync(join(dir, 'window-state.json'), content)
    expect(createWindowStateStore(join(dir, 'window-state.json')).load()).toBeNull()
  })

  it('leaves no temporary file behind', () => {
    const path = join(dir, 'window-state.json')
    createWindowStateStore(path).save(state)
    expect(() => readFileSync(`${path}.tmp`)).toThrow()
  })
})

describe('createWindowStateStore writes atomically', () => {
  /** In-memory files whose writes can be made to fail halfway, as a crash or a full disk would. */
  function memoryFiles() {
    const files = new Map<string, string>()
    let failNextWrite = false
    const port: StateFiles = {
      readFile(path) {
        const content = files.get(path)
        if (content === undefined) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' })
        return content
      },
      writeFile(path, data) {
        if (failNextWrite) {
          failNextWrite = false
          files.set(path, data.slice(0, 10))
          throw new Error('ENOSPC')
        }
        files.set(path, data)
      },
      rename(from, to) {
        const content = files.get(from)
        if (content === undefined) throw new Error('ENOENT')
        files.set(to, content)
        files.delete(from)
      },
    }
    return { port, files, failNext: () => void (failNextWrite = true) }
  }

  it('keeps the previous state when a write fails halfway, and reports it', () => {
    const { port, failNext } = memoryFiles()
    const warn = vi.fn()
    const store = createWindowStateStore('/data/window-state.json', port, warn)
    store.save(state)
    failNext()
    expect(() => store.save({ bounds: { x: 1, y: 2, width: 1000, height: 700 }, isMaximized: false })).not.toThrow()
    expect(warn).toHaveBeenCalledOnce()
    expect(store.load()).toEqual(state)
  })

  it('never writes the state file itself, only through the rename', () => {
    const { port } = memoryFiles()
    const writes: string[] = []
    const store = createWindowStateStore('/data/window-state.json', {
      ...port,
      writeFile: (path, data) => {
        writes.push(path)
        port.writeFile(path, data)
      },
    })
    store.save(state)
    expect(writes).toEqual(['/data/window-state.json.tmp'])
    expect(store.load()).toEqual(state)
  })
})

describe('trackWindowState', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  function setup() {
    let change = () => {}
    let close = () => {}
    let current = state
    const window: TrackedWindow = {
      getState: () => current,
      onChange: (listener) => void (change = listener),
      onClose: (listener) => void (close = listener),
    }
    const store = { save: vi.fn<(state: WindowState) => void>() }
    trackWindowState(window, store)
    return { store, change: () => change(), close: () => close(), move: (next: WindowState) => void (current = next) }
  }

  it('saves once the window has settled after a burst of moves', () => {
    const { store, change, move } = setup()
    for (let x = 0; x < 20; x++) {
      move({ ...state, bounds: { ...state.bounds, x } })
      change()
      vi.advanceTimersByTime(SAVE_DELAY_MS / 5)
    }
    expect(store.save).not.toHaveBeenCalled()
    vi.advanceTimersByTime(SAVE_DELAY_MS)
    expect(store.save).toHaveBeenCalledOnce()
    expect(store.save).toHaveBeenCalledWith({ ...state, bounds: { ...state.bounds, x: 19 } })
  })

  it('saves at once on close and drops the pending save', () => {
    const { store, change, close } = setup()
    change()
    close()
    expect(store.save).toHaveBeenCalledOnce()
    vi.advanceTimersByTime(SAVE_DELAY_MS * 2)
    expect(store.save).toHaveBeenCalledOnce()
  })
})
