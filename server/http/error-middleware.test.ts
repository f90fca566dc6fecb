import { connect, type AddressInfo } from 'node:net'
import { Readable, Writable } from 'node:stream'
import Koa from 'koa'
import pino from 'pino'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { logAppErrors } from './error-middleware'

interface Line {
  level: number
  msg: string
  code?: string
  path?: string
  err?: { message: string; stack: string }
}

const closers: (() => void)[] = []
afterEach(() => {
  for (const close of closers.splice(0)) close()
  vi.restoreAllMocks()
})

/** A Koa app with the handler, logging into `lines` at every level. */
function appWithLog(): { app: Koa; lines: Line[] } {
  const lines: Line[] = []
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Line)
      done()
    },
  })
  const app = new Koa()
  logAppErrors(app as unknown as Koa<never, never>, pino({ level: 'debug' }, sink))
  return { app, lines }
}

/** A body that never ends: a chunk every few milliseconds until Koa destroys it. */
function endless(): Readable {
  let timer: NodeJS.Timeout | undefined
  return new Readable({
    read() {
      timer = setTimeout(() => this.push(Buffer.alloc(16 * 1024, 'x')), 5)
    },
    destroy(err, done) {
      clearTimeout(timer)
      done(err)
    },
  })
}

describe('logAppErrors', () => {
  it('logs a streamed answer the client stopped reading as a debug line, not a stack trace on stderr', async () => {
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { app, lines } = appWithLog()
    const body = endless()
    app.use((ctx) => {
      ctx.type = 'application/octet-stream'
      ctx.body = body
    })
    const server = app.listen(0, '127.0.0.1')
    closers.push(() => server.close())
    await new Promise((resolve) => server.once('listening', resolve))
    const { port } = server.address() as AddressInfo

    // a browser leaving the page: the answer has started, and the connection goes
    const socket = connect(port, '127.0.0.1', () => socket.write('GET /media/big HTTP/1.1\r\nHost: x\r\n\r\n'))
    socket.once('data', () => socket.destroy())

    await vi.waitFor(() => expect(lines.length).toBeGreaterThan(0), { timeout: 5_000 })
    expect(lines).toEqual([
      expect.objectContaining({
        level: 20,
        code: 'ERR_STREAM_PREMATURE_CLOSE',
        path: '/media/big',
        msg: 'the client closed the connection before its answer was sent',
      }),
    ])
    expect(body.destroyed).toBe(true)
    expect(stderr).not.toHaveBeenCalled()
  })

  it('logs any other failure as an error with its stack, also not on stderr', () => {
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { app, lines } = appWithLog()
    app.callback() // where Koa adds its own printing handler when the app has none
    app.emit('error', new Error('disk gone'), { method: 'GET', path: '/media/x' })
    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        path: '/media/x',
        msg: 'answer failed after the routes',
        err: expect.objectContaining({ message: 'disk gone' }),
      }),
    ])
    expect(lines[0]!.err!.stack).toContain('disk gone')
    expect(stderr).not.toHaveBeenCalled()
  })

  it('logs a client error that reached Koa as a debug line', () => {
    const { app, lines } = appWithLog()
    app.emit('error', Object.assign(new Error('Bad Request'), { status: 400, expose: true }), { method: 'POST', path: '/x' })
    expect(lines).toEqual([expect.objectContaining({ level: 20, path: '/x', msg: 'client error outside the routes' })])
  })
})
