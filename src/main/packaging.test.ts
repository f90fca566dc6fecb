import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { load } from 'js-yaml'
import { describe, expect, it } from 'vitest'

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

  it('ships only the build output and the icons, never sources or local data', () => {
    expect(config.files).toEqual(['out/**', 'resources/*.png'])
  })

  it('builds macOS with the hardened runtime', () => {
    expect(section('mac').hardenedRuntime).toBe(true)
  })

  it('fetches updates over https only', () => {
    const publish = section('publish')
    expect(publish.provider).toBe('generic')
    expect(String(publish.url)).toMatch(/^https:\/\//)
  })

  it('registers the handover:// scheme', () => {
    expect(config.protocols).toEqual([{ name: 'Handover', schemes: ['handover'] }])
  })
})
