import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

// Electron's binary is not available to tests or CI, so only the thin Electron-facing files may import it;
// everything with logic must stay importable (and tested) in plain Node.
const ELECTRON_FILES = ['src/main/index.ts', 'src/main/window.ts', 'src/main/tray.ts', 'src/main/menu.ts', 'src/preload/index.ts']
const IMPORTS_ELECTRON = /\b(?:from|import|require)\s*\(?\s*['"]electron(?:\/[^'"]*)?['"]/

const root = join(import.meta.dirname, '..', '..')

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) =>
      relative(root, join(root, dir, file))
        .split('\\')
        .join('/'),
    )
}

describe('electron boundary', () => {
  it('imports electron only from index.ts, window.ts, tray.ts, menu.ts and the preload', () => {
    const importers = [...sourceFiles('src/main'), ...sourceFiles('src/preload')].filter((file) =>
      IMPORTS_ELECTRON.test(readFileSync(join(root, file), 'utf8')),
    )
    expect(importers.sort()).toEqual([...ELECTRON_FILES].sort())
  })
})
