import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createSettingsStore, type SettingsFiles } from './settings-store'

describe('createSettingsStore on disk', () => {
  let dir: string
  let path: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'settings-'))
    path = join(dir, 'settings.json')
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('reads back what it saved, and leaves no temporary file', () => {
    createSettingsStore(path).save({ serverUrl: 'https://handover.example' })
    expect(createSettingsStore(path).load()).toEqual({ serverUrl: 'https://handover.example' })
    expect(() => readFileSync(`${path}.tmp`)).toThrow()
  })

  it('starts empty and quietly when there is no file yet', () => {
    const warn = vi.fn()
    expect(createSettingsStore(path, undefined, warn).load()).toEqual({})
    expect(warn).not.toHaveBeenCalled()
  })

  it.each(['{"serverUrl":', '', 'null', '[]', '"https://handover.example"', '\u0000\u0000'])(
    'ignores the corrupt file %j with a log line',
    (content) => {
      writeFileSync(path, content)
      const warn = vi.fn()
      expect(createSettingsStore(path, undefined, warn).load()).toEqual({})
      expect(warn).toHaveBeenCalledOnce()
    },
  )

  it.each([42, null, ['https://handover.example'], { url: 'https://handover.example' }])(
    'ignores a serverUrl of the wrong type (%j)',
    (serverUrl) => {
      writeFileSync(path, JSON.stringify({ serverUrl }))
      const warn = vi.fn()
      expect(createSettingsStore(path, undefined, warn).load()).toEqual({})
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('serverUrl'))
    },
  )

  it('reads back the desktop settings it saved', () => {
    const settings = {
      openAtLogin: true,
      adminAlerts: { dispute: false },
      closeHintShown: true,
      zoomLevels: { 'https://handover.example': 1.5 },
    }
    createSettingsStore(path).save(settings)
    expect(createSettingsStore(path).load()).toEqual(settings)
  })

  it.each([
    ['openAtLogin', 'yes'],
    ['closeHintShown', 1],
    ['adminAlerts', { dispute: 'off' }],
    ['adminAlerts', [true]],
    ['zoomLevels', { 'https://handover.example': '2' }],
    ['zoomLevels', { 'https://handover.example': null }],
  ])('ignores a hand-edited %s of the wrong type (%j) and keeps the rest', (key, value) => {
    writeFileSync(path, JSON.stringify({ serverUrl: 'https://handover.example', [key]: value }))
    const warn = vi.fn()
    expect(createSettingsStore(path, undefined, warn).load()).toEqual({ serverUrl: 'https://handover.example' })
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(key))
  })

  it('keeps settings it does not know when it saves', () => {
    writeFileSync(path, JSON.stringify({ theme: 'dark', serverUrl: 'http://localhost:3000' }))
    createSettingsStore(path).save({ serverUrl: 'https://handover.example' })
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ theme: 'dark', serverUrl: 'https://handover.example' })
  })

  it('replaces a corrupt file when it saves', () => {
    writeFileSync(path, '{not json')
    createSettingsStore(path, undefined, () => {}).save({ serverUrl: 'https://handover.example' })
    expect(createSettingsStore(path).load()).toEqual({ serverUrl: 'https://handover.example' })
  })
})

describe('createSettingsStore writes atomically', () => {
  function memoryFiles() {
    const files = new Map<string, string>()
    const writes: string[] = []
    let failNextWrite = false
    const port: SettingsFiles = {
      readFile(path) {
        const content = files.get(path)
        if (content === undefined) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' })
        return content
      },
      writeFile(path, data) {
        writes.push(path)
        if (failNextWrite) {
          failNextWrite = false
          files.set(path, data.slice(0, 5))
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
    return { port, writes, failNext: () => void (failNextWrite = true) }
  }

  it('writes only the temporary file and renames it over the settings', () => {
    const { port, writes } = memoryFiles()
    createSettingsStore('/data/settings.json', port).save({ serverUrl: 'https://handover.example' })
    expect(writes).toEqual(['/data/settings.json.tmp'])
    expect(createSettingsStore('/data/settings.json', port).load()).toEqual({ serverUrl: 'https://handover.example' })
  })

  it('keeps the previous settings and throws when a write fails halfway', () => {
    const { port, failNext } = memoryFiles()
    const store = createSettingsStore('/data/settings.json', port)
    store.save({ serverUrl: 'https://handover.example' })
    failNext()
    expect(() => store.save({ serverUrl: 'https://other.example' })).toThrow('ENOSPC')
    expect(store.load()).toEqual({ serverUrl: 'https://handover.example' })
  })

  it('logs a file it may not read and carries on', () => {
    const warn = vi.fn()
    const unreadable: SettingsFiles = {
      ...memoryFiles().port,
      readFile: () => {
        throw Object.assign(new Error('EACCES'), { code: 'EACCES' })
      },
    }
    const store = createSettingsStore('/data/settings.json', unreadable, warn)
    expect(store.load()).toEqual({})
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('EACCES'))
  })
})
