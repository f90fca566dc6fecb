import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ELECTRON_SUPPORT } from './electron-support'

const root = join(import.meta.dirname, '..', '..')
const project = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }
const installed = (createRequire(import.meta.url)('electron/package.json') as { version: string }).version

const major = (version: string) => Number(/(\d+)\./.exec(version)?.[1])

describe('Electron inside its support window', () => {
  it('lists the newest three majors, one after another', () => {
    const [oldest, middle, newest] = ELECTRON_SUPPORT.supportedMajors
    expect(ELECTRON_SUPPORT.supportedMajors).toHaveLength(3)
    expect([middle - oldest, newest - middle]).toEqual([1, 1])
  })

  it('installs a supported major', () => {
    expect(ELECTRON_SUPPORT.supportedMajors).toContain(major(installed))
  })

  it('asks package.json for a supported major, never a range that could fall back out of the window', () => {
    const range = project.devDependencies.electron
    expect(range).toMatch(/^\^?\d+\.\d+\.\d+$/)
    expect(ELECTRON_SUPPORT.supportedMajors).toContain(major(range))
  })
})
