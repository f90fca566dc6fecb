/**
 * Doyensec's Electronegativity (Electron security anti-patterns) over the app's sources, as part of
 * `npm test`. Exits 1 on any HIGH finding, on any finding of a check the app must pass outright, and on
 * any file it could not parse (an unread file is an unchecked one). Other findings are printed; the
 * reviewed ones are explained in docs/decisions.md.
 *
 *   npx tsx scripts/electronegativity.ts [folder]      (default: src)
 *
 * The sources are scanned rather than out/: main, preload and renderer in one run (its global checks,
 * such as "navigation is limited", look across files), with readable locations, and the bundled
 * renderer's modern syntax is more than its parser reads.
 */
import { createRequire } from 'node:module'
import { relative, resolve } from 'node:path'

interface Level {
  value: number
  name: string
}

interface Issue {
  id: string
  file: string
  location: { line: number; column: number }
  description: string
  severity: Level
  confidence: Level
  manualReview: boolean
}

interface Report {
  errors: { file: string; message: string; tolerable: boolean }[]
  issues: Issue[]
}

interface Options {
  input: string
  isRelative: boolean
  electronVersionOverride: string
  excludeFromScan: string[]
}

const require = createRequire(import.meta.url)
const electronegativity = require('@doyensec/electronegativity') as (options: Options) => Promise<Report>

// Settings the app states explicitly, so any finding here is a regression whatever severity the tool gives
// it: version 1.10 rates `nodeIntegration: true` as informational, and drops it when `sandbox` is set at all.
const MUST_PASS = new Set([
  'NODE_INTEGRATION_JS_CHECK',
  'NODE_INTEGRATION_HTML_CHECK',
  'NODE_INTEGRATION_ATTACH_EVENT_JS_CHECK',
  'CONTEXT_ISOLATION_JS_CHECK',
  'SANDBOX_JS_CHECK',
  'WEB_SECURITY_JS_CHECK',
  'WEB_SECURITY_HTML_CHECK',
  'INSECURE_CONTENT_JS_CHECK',
  'INSECURE_CONTENT_HTML_CHECK',
  'EXPERIMENTAL_FEATURES_JS_CHECK',
  'EXPERIMENTAL_FEATURES_HTML_CHECK',
  'BLINK_FEATURES_JS_CHECK',
  'BLINK_FEATURES_HTML_CHECK',
  'REMOTE_MODULE_JS_CHECK',
  'CERTIFICATE_ERROR_EVENT_JS_CHECK',
  'CERTIFICATE_VERIFY_PROC_JS_CHECK',
  'SECURITY_WARNINGS_DISABLED_JS_CHECK',
  'LIMIT_NAVIGATION_GLOBAL_CHECK',
  'PERMISSION_REQUEST_HANDLER_GLOBAL_CHECK',
])

// Fetches Electron's release notes from GitHub on every run and caches them inside node_modules: the
// result depends on the network, not on this code. Electron upgrades are handled as dependency updates.
const EXCLUDED_CHECKS = ['AvailableSecurityFixesGlobalCheck']

function describe(issue: Issue): string {
  const where = issue.file === 'N/A' ? '(whole app)' : `${issue.file}:${issue.location.line}:${issue.location.column}`
  const review = issue.manualReview ? ', review' : ''
  return `${issue.severity.name.padEnd(6)} ${issue.id} ${where} (${issue.confidence.name.toLowerCase()}${review})\n         ${issue.description}`
}

async function main(): Promise<void> {
  const input = resolve(process.argv[2] ?? 'src')
  // Without a package.json in the folder the scanner would assume Electron 0.1 and its insecure defaults.
  const { version } = require('electron/package.json') as { version: string }
  const report = await electronegativity({ input, isRelative: true, electronVersionOverride: version, excludeFromScan: EXCLUDED_CHECKS })

  const unread = report.errors.filter((error) => !error.tolerable)
  const issues = [...report.issues].sort((a, b) => b.severity.value - a.severity.value)
  const blocking = issues.filter((issue) => issue.severity.name === 'HIGH' || MUST_PASS.has(issue.id))

  console.log(`electronegativity: ${relative(process.cwd(), input) || '.'} (Electron ${version}), ${issues.length} finding(s)`)
  for (const issue of issues) console.log(`${blocking.includes(issue) ? '✗' : ' '} ${describe(issue)}`)
  for (const error of unread) console.error(`✗ could not parse ${error.file}: ${error.message}`)

  if (blocking.length > 0 || unread.length > 0) {
    console.error(`electronegativity: failed: ${blocking.length} blocking finding(s) (✗), ${unread.length} unparsed file(s)`)
    process.exitCode = 1
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
