import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { configFromEnvironment, foreignImports, stageDesktopApp } from './desktop-package'

const CONFIG = { serverUrl: 'https://handover.example', updateUrl: null }

let root: string
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true })
  writeFileSync(join(root, path), text)
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'handover-dist-'))
  write(
    'package.json',
    JSON.stringify({
      name: 'handover',
      version: '1.2.3',
      type: 'module',
      main: 'out/main/index.js',
      dependencies: { koa: '^3.0.0', sharp: '^0.34.0' },
      devDependencies: { electron: '^45.6.0' },
      scripts: { start: 'x' },
    }),
  )
  write('out/main/index.js', 'import { app } from "electron"\nimport { join } from "node:path"\nconst fs = require("fs")\n')
  write('out/preload/index.cjs', 'const { contextBridge } = require("electron")\n')
  write('out/renderer/index.html', '<!doctype html>')
  write('out/renderer/assets/app.js', 'import x from "./chunk.js"')
  write('resources/icon.png', 'png')
  write('resources/tray@2x.png', 'png')
  write('resources/icon.ico', 'ico')
  write('src/main/index.ts', 'source')
})

afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('stageDesktopApp', () => {
  it('stages the build output, the icons, a manifest and the config, and nothing else', () => {
    const target = join(root, 'release/app')
    expect(stageDesktopApp({ root, target, config: CONFIG })).toEqual([
      'app-config.json',
      'out/main/index.js',
      'out/preload/index.cjs',
      'out/renderer/assets/app.js',
      'out/renderer/index.html',
      'package.json',
      'resources/icon.png',
      'resources/tray@2x.png',
    ])
    expect(JSON.parse(readFileSync(join(target, 'package.json'), 'utf8'))).toEqual({
      name: 'handover',
      version: '1.2.3',
      type: 'module',
      main: 'out/main/index.js',
    })
    expect(JSON.parse(readFileSync(join(target, 'app-config.json'), 'utf8'))).toEqual(CONFIG)
  })

  it('refuses a main bundle that loads a package at run time, naming it', () => {
    write('out/main/index.js', 'import { app } from "electron"\nimport sharp from "sharp"\nconst x = require("argon2")\n')
    expect(() => stageDesktopApp({ root, target: join(root, 'release/app'), config: CONFIG })).toThrow(/out\/main\/index.js loads argon2, sharp/)
  })

  it('refuses a preload that loads a package at run time', () => {
    write('out/preload/index.cjs', 'require("zod")')
    expect(() => stageDesktopApp({ root, target: join(root, 'release/app'), config: CONFIG })).toThrow(/preload\/index.cjs loads zod/)
  })

  it('refuses a config with a plain-http server elsewhere', () => {
    expect(() =>
      stageDesktopApp({ root, target: join(root, 'release/app'), config: { serverUrl: 'http://handover.example', updateUrl: null } }),
    ).toThrow(/https/)
  })
})

describe('foreignImports', () => {
  it('lists packages, not Node built-ins, Electron or relative files', () => {
    const code = [
      'import { a } from "electron"',
      "import b from 'node:crypto'",
      'const c = require("path")',
      'const d = await import("./chunk.js")',
      'import "side-effect-package"',
      'const e = require( "electron-updater" )',
      'Buffer.from("\\n\\n")',
      'const url = `${base}/file`',
    ].join('\n')
    expect(foreignImports(code)).toEqual(['electron-updater', 'side-effect-package'])
  })
})

describe('configFromEnvironment', () => {
  it('needs a server', () => {
    expect(() => configFromEnvironment({})).toThrow(/Set HANDOVER_SERVER_URL/)
  })

  it("takes the server's origin and an optional update feed", () => {
    expect(configFromEnvironment({ HANDOVER_SERVER_URL: 'https://handover.example/x' })).toEqual({
      serverUrl: 'https://handover.example',
      updateUrl: null,
    })
    expect(
      configFromEnvironment({ HANDOVER_SERVER_URL: 'https://handover.example', HANDOVER_UPDATE_URL: 'https://updates.handover.example/desktop' }),
    ).toEqual({
      serverUrl: 'https://handover.example',
      updateUrl: 'https://updates.handover.example/desktop',
    })
  })

  it.each([
    [{ HANDOVER_SERVER_URL: 'http://handover.example' }, /HANDOVER_SERVER_URL: A server other than this computer must use https/],
    [{ HANDOVER_SERVER_URL: 'handover.example' }, /HANDOVER_SERVER_URL: Expected an absolute http\(s\) address/],
    [{ HANDOVER_SERVER_URL: 'https://user:secret@handover.example' }, /HANDOVER_SERVER_URL: Expected an absolute http\(s\) address/],
    [{ HANDOVER_SERVER_URL: 'https://handover.example', HANDOVER_UPDATE_URL: 'http://updates.example' }, /HANDOVER_UPDATE_URL/],
  ])('refuses %j', (env, reason) => {
    expect(() => configFromEnvironment(env)).toThrow(reason)
  })
})
