/**
 * Debian's nginx with the repository's `deploy/nginx/handover.conf`, as a child process of the test (`daemon off`),
 * with its pid, logs and temporary files in a folder of its own. The test's variant is made from that one file: the
 * upstream lines point at the test's instances (their parameters kept), the TLS server listens over plain HTTP on a
 * free port, and the port-80 redirect goes. Every change must find exactly what it expects, so a reshaped file fails
 * here instead of drifting from what is tested.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

export const NGINX_SITE = resolve(import.meta.dirname, '../../deploy/nginx/handover.conf')
// Debian installs it in /usr/sbin, which is not on every user's PATH
const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx'
const READY_TIMEOUT_MS = 20_000

/** The top-level blocks of a config file (`upstream x { … }`, `server { … }`) and the text between them. */
function topLevelBlocks(text: string): { head: string; body: string; start: number; end: number }[] {
  const blocks: { head: string; body: string; start: number; end: number }[] = []
  let depth = 0
  let start = 0
  let lineStart = 0
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    // quoted strings (the log format's JSON) may hold braces
    if (c === "'" || c === '"') {
      i = text.indexOf(c, i + 1)
      if (i < 0) break
      continue
    }
    if (c === '#') {
      i = text.indexOf('\n', i) - 1
      if (i < 0) break
      continue
    }
    if (c === '\n' && depth === 0) lineStart = i + 1
    if (c === '{') {
      if (depth === 0) start = lineStart
      depth++
    } else if (c === '}') {
      depth--
      if (depth === 0) {
        const block = text.slice(start, i + 1)
        blocks.push({ head: block.slice(0, block.indexOf('{')).trim(), body: block, start, end: i + 1 })
      }
    }
  }
  return blocks
}

function replaceExactly(text: string, pattern: RegExp, replacement: string, count: number, what: string): string {
  const found = text.match(new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`))?.length ?? 0
  if (found !== count) throw new Error(`deploy/nginx/handover.conf: expected ${count} ${what}, found ${found}`)
  return text.replace(new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`), replacement)
}

export interface SiteOptions {
  /** host:port of each instance */
  upstreams: string[]
  /** folder for the access and error logs */
  logDir: string
  /** plain HTTP on this address (host:port), or the file's own TLS server with these certificate files */
  listen: { http: string } | { tls: { certificate: string; key: string } }
}

/** The site file as the test runs it. */
export function renderSite(source: string, options: SiteOptions): string {
  const blocks = topLevelBlocks(source)
  const upstreams = blocks.filter((b) => b.head.startsWith('upstream '))
  const servers = blocks.filter((b) => b.head === 'server')
  const redirect = servers.filter((b) => /^\s*listen 80;/m.test(b.body))
  const tls = servers.filter((b) => /^\s*listen 443 ssl/m.test(b.body))
  if (upstreams.length !== 1 || redirect.length !== 1 || tls.length !== 1 || servers.length !== 2) {
    throw new Error('deploy/nginx/handover.conf: expected one upstream, one port-80 redirect server and one TLS server')
  }
  const upstream = upstreams[0]!
  const lines = [...upstream.body.matchAll(/^(\s*)server \S+( [^;\n]*)?;$/gm)]
  if (lines.length < 1) throw new Error('deploy/nginx/handover.conf: the upstream lists no server')
  // the first line's parameters (max_fails, fail_timeout) for every test instance
  const [, indent, parameters = ''] = lines[0]!
  const servers_ = options.upstreams.map((address) => `${indent}server ${address}${parameters};`).join('\n')
  let first = true
  const upstreamBody = upstream.body.replace(/^\s*server \S+( [^;\n]*)?;\n/gm, () => {
    const out = first ? `${servers_}\n` : ''
    first = false
    return out
  })

  let server = tls[0]!.body
  if ('http' in options.listen) {
    server = replaceExactly(server, /^(\s*)listen 443 ssl http2;$/m, `$1listen ${options.listen.http};`, 1, 'IPv4 TLS listen line')
    server = replaceExactly(server, /^\s*listen \[::\]:443 ssl http2;\n/m, '', 1, 'IPv6 TLS listen line')
    server = replaceExactly(server, /^\s*ssl_[a-z_]+ [^\n]*;\n/m, '', 6, 'ssl_ lines')
  } else {
    server = replaceExactly(server, /ssl_certificate\s+\S+;/, `ssl_certificate ${options.listen.tls.certificate};`, 1, 'ssl_certificate line')
    server = replaceExactly(server, /ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${options.listen.tls.key};`, 1, 'ssl_certificate_key line')
  }
  server = replaceExactly(server, /\/var\/log\/nginx\//, `${options.logDir}/`, 2, 'log paths')

  let out = ''
  let at = 0
  for (const block of blocks) {
    out += source.slice(at, block.start)
    if (block === upstream) out += upstreamBody
    else if (block === tls[0]) out += server
    else if (block !== redirect[0]) out += block.body
    at = block.end
  }
  return out + source.slice(at)
}

/** nginx's main file around the site: no daemon, everything it writes in `dir`. */
function mainConfig(dir: string): string {
  return `daemon off;
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  default_type application/octet-stream;
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/handover.conf;
}
`
}

/** The main file and the rendered site in a new folder; nothing is left behind when the site cannot be rendered. */
function writeConfig(site: (dir: string) => SiteOptions): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'handover-nginx-'))
  try {
    writeFileSync(join(dir, 'handover.conf'), renderSite(readFileSync(NGINX_SITE, 'utf8'), site(dir)))
    writeFileSync(join(dir, 'nginx.conf'), mainConfig(dir))
  } catch (err) {
    rmSync(dir, { recursive: true, force: true })
    throw err
  }
  return { dir, file: join(dir, 'nginx.conf') }
}

/** `nginx -t` over the file's TLS server with a throwaway certificate: answers nginx's complaint, or null. */
export function checkTlsVariant(upstreams: string[]): string | null {
  const keys = mkdtempSync(join(tmpdir(), 'handover-tls-'))
  const certificate = join(keys, 'cert.pem')
  const key = join(keys, 'key.pem')
  try {
    const made = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        certificate,
        '-days',
        '1',
        '-subj',
        '/CN=handover.test',
      ],
      { encoding: 'utf8' },
    )
    if (made.status !== 0) throw new Error(`openssl failed: ${made.stderr}`)
    const { dir, file } = writeConfig((logDir) => ({ upstreams, logDir, listen: { tls: { certificate, key } } }))
    try {
      const test = spawnSync(NGINX, ['-t', '-q', '-c', file, '-p', dir, '-e', join(dir, 'error.log')], { encoding: 'utf8' })
      return test.status === 0 ? null : `${test.stderr}${test.stdout}`
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  } finally {
    rmSync(keys, { recursive: true, force: true })
  }
}

export interface RunningNginx {
  url: string
  /** what nginx logged (errors and warnings) */
  errors(): string
  stop(): Promise<void>
}

/** nginx in front of `upstreams`, over plain HTTP on 127.0.0.1:`port`. */
export async function startNginx(options: { upstreams: string[]; port: number }): Promise<RunningNginx> {
  const { dir, file } = writeConfig((logDir) => ({ upstreams: options.upstreams, logDir, listen: { http: `127.0.0.1:${options.port}` } }))
  const child: ChildProcess = spawn(NGINX, ['-c', file, '-p', dir, '-e', join(dir, 'error.log')], { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<void>((ok) => child.once('exit', () => ok()))
  const onExit = () => child.kill('SIGKILL')
  process.once('exit', onExit)
  const errors = () => {
    try {
      return `${stderr}${readFileSync(join(dir, 'error.log'), 'utf8')}`
    } catch {
      return stderr
    }
  }
  async function stop() {
    process.off('exit', onExit)
    if (child.exitCode === null && child.signalCode === null) {
      // QUIT: finish open requests, then leave
      child.kill('SIGQUIT')
      const killed = setTimeout(() => child.kill('SIGKILL'), 5_000)
      await exited
      clearTimeout(killed)
    }
    rmSync(dir, { recursive: true, force: true })
  }
  const deadline = Date.now() + READY_TIMEOUT_MS
  for (;;) {
    if (child.exitCode !== null) {
      const message = errors()
      await stop()
      throw new Error(`nginx exited with ${child.exitCode}: ${message}`)
    }
    const listening = await new Promise<boolean>((ok) => {
      const socket = connect(options.port, '127.0.0.1', () => {
        socket.destroy()
        ok(true)
      })
      socket.once('error', () => ok(false))
    })
    if (listening) break
    if (Date.now() > deadline) {
      const message = errors()
      await stop()
      throw new Error(`nginx did not listen on ${options.port} within ${READY_TIMEOUT_MS / 1000} s: ${message}`)
    }
    await new Promise((ok) => setTimeout(ok, 100))
  }
  return { url: `http://127.0.0.1:${options.port}`, errors, stop }
}
