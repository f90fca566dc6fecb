/**
 * `npm run dist`: an installer built for one server. HANDOVER_SERVER_URL (required: https, or http only for this
 * computer) and HANDOVER_UPDATE_URL (optional: none means updates are off) are written into the app as
 * app-config.json; the app directory electron-builder packs holds the build output, the icons and a manifest with no
 * dependencies, since main and the preload bundle everything they run (electron.vite.config.ts). Nothing of the
 * server's packages (sharp, argon2, PGlite…) reaches the installer.
 */
import { spawnSync } from 'node:child_process'
import { builtinModules } from 'node:module'
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { APP_CONFIG_FILE, appConfigSchema, type AppConfig } from '../src/main/app-config'

/** Where the app directory is staged; electron-builder.yml's directories.app names the same. */
export const APP_STAGE_DIR = 'release/app'

/** The manifest's fields the app reads at run time (name, version for the updater, the entry); nothing else. */
const MANIFEST_FIELDS = ['name', 'productName', 'version', 'description', 'author', 'license', 'type', 'main'] as const

const BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]))

/** Packages a bundle loads at run time that are neither Node's own nor Electron: each one would need node_modules. */
export function foreignImports(code: string): string[] {
  const specifiers = [
    ...code.matchAll(/\bfrom\s*["']([^"'`$]+)["']/g),
    ...code.matchAll(/\bimport\s*\(\s*["']([^"'`$]+)["']\s*\)/g),
    ...code.matchAll(/\brequire\s*\(\s*["']([^"'`$]+)["']\s*\)/g),
    ...code.matchAll(/^\s*import\s*["']([^"'`$]+)["']/gm),
  ].map((match) => match[1])
  const foreign = specifiers.filter((name) => name !== 'electron' && !BUILTINS.has(name) && !name.startsWith('.') && !name.startsWith('/'))
  return [...new Set(foreign)].sort()
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

export interface StageOptions {
  /** the project's root: package.json, out/ and resources/ */
  root: string
  /** the app directory to (re)create */
  target: string
  config: AppConfig
}

/**
 * Writes the app directory electron-builder packs: out/** and resources/*.png as they are, package.json with only
 * MANIFEST_FIELDS, and app-config.json. Refuses a main or preload bundle that loads a package from node_modules.
 * Answers the files written, relative to the target, sorted.
 */
export function stageDesktopApp({ root, target, config }: StageOptions): string[] {
  const checked = appConfigSchema.parse(config)
  const out = join(root, 'out')
  for (const bundle of [...filesUnder(join(out, 'main')), ...filesUnder(join(out, 'preload'))].filter((file) => /\.[cm]?js$/.test(file))) {
    const foreign = foreignImports(readFileSync(bundle, 'utf8'))
    if (foreign.length > 0) {
      throw new Error(
        `${relative(root, bundle)} loads ${foreign.join(', ')} at run time: bundle it (electron.vite.config.ts) so the installer needs no node_modules`,
      )
    }
  }
  rmSync(target, { recursive: true, force: true })
  mkdirSync(target, { recursive: true })
  cpSync(out, join(target, 'out'), { recursive: true })
  mkdirSync(join(target, 'resources'))
  for (const icon of readdirSync(join(root, 'resources')).filter((name) => name.endsWith('.png'))) {
    cpSync(join(root, 'resources', icon), join(target, 'resources', icon))
  }
  const project = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>
  const manifest = Object.fromEntries(MANIFEST_FIELDS.filter((field) => project[field] !== undefined).map((field) => [field, project[field]]))
  writeFileSync(join(target, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  writeFileSync(join(target, APP_CONFIG_FILE), `${JSON.stringify(checked, null, 2)}\n`)
  return filesUnder(target)
    .map((file) => relative(target, file).split('\\').join('/'))
    .sort()
}

/** The build's configuration from the environment, or the reason it cannot be built. */
export function configFromEnvironment(env: NodeJS.ProcessEnv): AppConfig {
  const serverUrl = env.HANDOVER_SERVER_URL?.trim()
  if (!serverUrl) throw new Error('Set HANDOVER_SERVER_URL to the address of the server this installer is for, e.g. https://handover.example')
  const updateUrl = env.HANDOVER_UPDATE_URL?.trim() || null
  const result = appConfigSchema.safeParse({ serverUrl, updateUrl })
  if (!result.success)
    throw new Error(
      result.error.issues
        .map((issue) => `${issue.path[0] === 'serverUrl' ? 'HANDOVER_SERVER_URL' : 'HANDOVER_UPDATE_URL'}: ${issue.message}`)
        .join('; '),
    )
  // the app lives at the server's root, as the offline screen's address field keeps it
  return { ...result.data, serverUrl: new URL(result.data.serverUrl).origin }
}

function run(command: string, args: string[], root: string): void {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' })
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`)
}

async function main(): Promise<void> {
  const root = resolve(dirname(new URL(import.meta.url).pathname), '..')
  let config: AppConfig
  try {
    config = configFromEnvironment(process.env)
  } catch (error) {
    console.error(`dist: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
  run('npx', ['electron-vite', 'build'], root)
  const files = stageDesktopApp({ root, target: join(root, APP_STAGE_DIR), config })
  console.log(
    `dist: ${files.length} files staged in ${APP_STAGE_DIR} for ${config.serverUrl}; updates ${config.updateUrl ? `from ${config.updateUrl}` : 'off'}`,
  )
  // electron-builder writes the update feed's latest*.yml only when the build has a feed to publish to
  const publish = config.updateUrl ? ['-c.publish.provider=generic', `-c.publish.url=${config.updateUrl}`] : ['--publish', 'never']
  run('npx', ['electron-builder', '--config', 'electron-builder.yml', ...publish, ...process.argv.slice(2)], root)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main()
