/**
 * What the desktop smoke test starts: the server the way `npm start` runs it (server/main.ts on the embedded
 * database, in its own data folder) and the built app (out/main/index.js) in Electron, pointed at it.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { _electron, type ElectronApplication } from 'playwright-core'
import { freePort } from '../support/server-process'

const ROOT = resolve(import.meta.dirname, '..', '..')
const MAIN = join(ROOT, 'out', 'main', 'index.js')
const READY_TIMEOUT_MS = 90_000

/**
 * The Electron executable, or an error saying plainly that it is missing: `npm install` skips the
 * download where ELECTRON_SKIP_BINARY_DOWNLOAD=1 or the download host is unreachable.
 */
export function electronBinary(): string {
  const require = createRequire(import.meta.url)
  const { version } = require('electron/package.json') as { version: string }
  let path: string | undefined
  try {
    // The electron package's entry is the binary's path; it throws when the download never happened.
    path = require('electron') as string
  } catch {
    path = undefined
  }
  if (path === undefined || !existsSync(path)) {
    throw new Error(
      `Electron's binary is missing${path ? ` (no file at ${path})` : ''}, so the desktop app cannot be launched. ` +
        `Download Electron ${version} with \`node node_modules/electron/install.js\` (or \`npm install\` without ` +
        `ELECTRON_SKIP_BINARY_DOWNLOAD), or set ELECTRON_OVERRIDE_DIST_PATH to an unpacked Electron ${version}.`,
    )
  }
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first (npm run test:desktop does).`)
  return path
}

export interface TestServer {
  url: string
  stop(): Promise<void>
}

export async function startServer(): Promise<TestServer> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(join(tmpdir(), 'handover-desktop-'))
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env
  // Demo data is left out: the smoke test needs the home page, not a year of seeded sales.
  const env = { ...inherited, HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: url, DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' }
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] })

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      await new Promise((done) => child.once('exit', done))
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    await waitUntilReady(url, child)
  } catch (error) {
    await stop()
    throw error
  }
  return { url, stop }
}

async function waitUntilReady(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before it was ready`)
    if (
      await fetch(`${url}/healthz`).then(
        (res) => res.ok,
        () => false,
      )
    )
      return
    await new Promise((done) => setTimeout(done, 200))
  }
  throw new Error(`the server did not answer ${url}/healthz within ${READY_TIMEOUT_MS / 1000} s`)
}

export function launchApp(executablePath: string, serverUrl: string): Promise<ElectronApplication> {
  return _electron.launch({
    executablePath,
    // Chromium refuses to start as root (containers, CI) unless its own sandbox is off; the page's
    // sandbox and context isolation under test are Electron settings and stay on.
    args: [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), MAIN],
    env: { ...process.env, HANDOVER_SERVER_URL: serverUrl },
    timeout: 60_000,
  })
}
