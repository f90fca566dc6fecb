import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { bundledFiles, devServer, readFromDisk } from './renderer-source'

const policy = "default-src 'self'"
const request = (path: string, init?: RequestInit) => new Request(`http://localhost:3000${path}`, init)

describe('bundledFiles on disk', () => {
  let dir: string
  let root: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'renderer-'))
    root = join(dir, 'renderer')
    mkdirSync(join(root, 'assets'), { recursive: true })
    writeFileSync(join(root, 'index.html'), '<!doctype html><div id="root"></div>')
    writeFileSync(join(root, 'assets', 'index-abc.js'), 'console.log(1)')
    // a secret next to the bundle, as main/ and preload/ sit next to out/renderer
    writeFileSync(join(dir, 'secret.js'), 'secret')
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('serves a file with its content type', async () => {
    const response = await bundledFiles(root).get('assets/index-abc.js', request('/assets/index-abc.js'), policy)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(await response.text()).toBe('console.log(1)')
  })

  it('serves the document with the CSP it is given', async () => {
    const response = await bundledFiles(root).get('index.html', request('/chat/1'), policy)
    expect(response.headers.get('content-security-policy')).toBe(policy)
    expect(await response.text()).toContain('id="root"')
  })

  it('answers 404 for a missing file and for a directory', async () => {
    expect((await bundledFiles(root).get('assets/missing.js', request('/assets/missing.js'), policy)).status).toBe(404)
    expect((await bundledFiles(root).get('assets', request('/assets'), policy)).status).toBe(404)
  })

  it.each(['../secret.js', 'assets/../../secret.js', '..', ''])('never reads %j, which is not inside the bundle', async (file) => {
    const read = vi.fn(readFromDisk)
    const response = await bundledFiles(root, read).get(file, request('/x.js'), policy)
    expect(response.status).toBe(404)
    expect(read).not.toHaveBeenCalled()
  })

  it('reads an absolute-looking name below the bundle root, never from the root of the disk', async () => {
    const read = vi.fn(readFromDisk)
    const response = await bundledFiles(root, read).get(`${dir}/secret.js`, request('/x.js'), policy)
    expect(response.status).toBe(404)
    expect(read).toHaveBeenCalledWith(join(root, dir, 'secret.js'))
  })

  it('lets read errors other than a missing file reach the caller', async () => {
    const failing = bundledFiles(root, () => Promise.reject(Object.assign(new Error('EACCES'), { code: 'EACCES' })))
    await expect(failing.get('index.html', request('/'), policy)).rejects.toThrow('EACCES')
  })
})

describe('devServer', () => {
  it('asks the dev server for the same path, query and headers', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response('export {}', { headers: { 'content-type': 'text/javascript' } }))
    const response = await devServer('http://localhost:5173', fetch).get(
      'main.tsx',
      request('/main.tsx?t=1', { headers: { 'if-none-match': 'W/"1"' } }),
      policy,
    )
    const [url, init] = fetch.mock.calls[0] ?? []
    expect(url).toBe('http://localhost:5173/main.tsx?t=1')
    expect(init?.method).toBe('GET')
    expect(new Headers(init?.headers).get('if-none-match')).toBe('W/"1"')
    expect(response.headers.get('content-type')).toBe('text/javascript')
    expect(response.headers.get('content-security-policy')).toBeNull()
  })

  it('puts the CSP on the document it answers for an app route', async () => {
    const fetch = vi.fn(async () => new Response('<html></html>', { headers: { 'content-type': 'text/html', 'cache-control': 'max-age=60' } }))
    const response = await devServer('http://localhost:5173', fetch).get('index.html', request('/chat/1'), policy)
    expect(fetch).toHaveBeenCalledWith('http://localhost:5173/chat/1', expect.anything())
    expect(response.headers.get('content-security-policy')).toBe(policy)
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(await response.text()).toBe('<html></html>')
  })
})
