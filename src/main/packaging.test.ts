import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { load } from 'js-yaml'
import { describe, expect, it } from 'vitest'
import { APP_STAGE_DIR } from '../../scripts/desktop-package'
import { APP_CONFIG_FILE } from './app-config'

// Packaging cannot run here (no Electron binary), so the security-relevant parts of electron-builder.yml
// are pinned by this test instead: deleting or flipping one of them must fail `npm test`, not a release.

const root = join(import.meta.dirname, '..', '..')
const config = load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as Record<string, unknown>

function section(name: string): Record<string, unknown> {
  const value = config[name]
  if (typeof value !== 'object' || value === null) throw new Error(`electron-builder.yml has no ${name} section`)
  return value as Record<string, unknown>
}

const EXPECTED_FUSES: Record<string, boolean> = {
  runAsNode: false,
  enableCookieEncryption: true,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  grantFileProtocolExtraPrivileges: false,
}

describe('electron-builder.yml', () => {
  it.each(Object.entries(EXPECTED_FUSES))('flips the %s fuse to %s', (fuse, value) => {
    expect(section('electronFuses')[fuse]).toBe(value)
  })

  it('names only fuses the installed electron-builder knows (a typo would be ignored at build time)', () => {
    const scheme = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('app-builder-lib/scheme.json'), 'utf8')) as {
      definitions: { FuseOptionsV1: { properties: Record<string, unknown> } }
    }
    const known = Object.keys(scheme.definitions.FuseOptionsV1.properties)
    expect(Object.keys(section('electronFuses')).filter((fuse) => !known.includes(fuse))).toEqual([])
  })

  it('packs the app code into app.asar and unpacks only the icons', () => {
    expect(config.asar).toBe(true)
    expect(config.asarUnpack).toEqual(['resources/**'])
  })

  it("ships only the build output, the icons and the build's config, never sources or local data", () => {
    expect(config.files).toEqual(['out/**', 'resources/*.png', APP_CONFIG_FILE])
  })

  it('packs the staged app directory, whose manifest names no dependencies', () => {
    expect(section('directories').app).toBe(APP_STAGE_DIR)
    // installers land outside the staged directory, or a second build would pack the first one's installers
    expect(String(section('directories').output).startsWith(`${APP_STAGE_DIR}/`)).toBe(false)
  })

  it('builds macOS with the hardened runtime', () => {
    expect(section('mac').hardenedRuntime).toBe(true)
  })

  it('names no update feed of its own (a build without HANDOVER_UPDATE_URL never looks for updates)', () => {
    expect(config.publish).toBeUndefined()
  })

  it('registers the handover:// scheme', () => {
    expect(config.protocols).toEqual([{ name: 'Handover', schemes: ['handover'] }])
  })
})
