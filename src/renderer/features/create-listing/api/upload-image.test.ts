// @vitest-environment jsdom
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { JSDOM } from 'jsdom'
import { LISTING_RULES, LISTING_WRITE_MESSAGES } from '@shared/api/listings'
import { ApiError } from '@/lib/api-client'
import { readUploadAnswer, UPLOAD_MESSAGES, uploadFraction, uploadListingImage } from './upload-image'

const STORED = { url: '/media/listings/0123456789abcdef0123456789abcdef.webp', width: 640, height: 360, bytes: 2048 }

describe('uploadFraction', () => {
  it('is the share sent, kept within 0..1', () => {
    expect(uploadFraction(0, 200)).toBe(0)
    expect(uploadFraction(50, 200)).toBe(0.25)
    expect(uploadFraction(200, 200)).toBe(1)
    expect(uploadFraction(300, 200)).toBe(1)
  })

  it('is 0 while the size is unknown', () => {
    expect(uploadFraction(50, 0)).toBe(0)
    expect(uploadFraction(50, 200, false)).toBe(0)
  })
})

describe('readUploadAnswer', () => {
  it('returns the stored image', () => {
    expect(readUploadAnswer(201, JSON.stringify(STORED))).toEqual(STORED)
  })

  it('refuses an answer that is not one of our stored images', () => {
    expect(() => readUploadAnswer(201, JSON.stringify({ ...STORED, url: 'https://elsewhere.example/a.webp' }))).toThrow(UPLOAD_MESSAGES.badAnswer)
    expect(() => readUploadAnswer(201, '<html>')).toThrow(UPLOAD_MESSAGES.badAnswer)
  })

  it("carries the server's message and status on failure", () => {
    const body = JSON.stringify({
      error: { code: 'validation_error', message: LISTING_WRITE_MESSAGES.imageUnreadable },
      message: LISTING_WRITE_MESSAGES.imageUnreadable,
    })
    const error = (() => {
      try {
        readUploadAnswer(400, body)
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 400,
      message: LISTING_WRITE_MESSAGES.imageUnreadable,
      serverMessage: LISTING_WRITE_MESSAGES.imageUnreadable,
    })
  })

  it('explains a size or rate refusal that came without a JSON body', () => {
    expect(() => readUploadAnswer(413, '<html>Request Entity Too Large</html>')).toThrow(LISTING_WRITE_MESSAGES.imageSize)
    expect(() => readUploadAnswer(429, '')).toThrow(UPLOAD_MESSAGES.tooMany)
    expect(() => readUploadAnswer(502, 'Bad Gateway')).toThrow(UPLOAD_MESSAGES.failed)
  })

  it('names the hourly upload limit when a 429 comes without a message', () => {
    // the limit is per user per hour (server/http/rate-limit.ts), so "a minute" would send people back too soon
    expect(() => readUploadAnswer(429, '')).toThrow(`up to ${LISTING_RULES.uploadsPerHour} images an hour`)
  })
})

interface Received {
  contentType: string
  accept: string
  cookie: string
  body: string
}

/**
 * A real HTTP server on a free port. The page's URL moves onto it so the relative upload path and the
 * session cookie belong to it; jsdom keeps its first origin for Origin though, so the server answers
 * with CORS headers that admit credentials — the cookie then arrives only if the request sends them.
 */
describe('uploadListingImage over HTTP', () => {
  let server: Server
  let received: Received[] = []
  let answer: { status: number; body: string } = { status: 201, body: JSON.stringify(STORED) }

  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')))
    })

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const cors = { 'Access-Control-Allow-Origin': req.headers.origin ?? '*', 'Access-Control-Allow-Credentials': 'true' }
      // upload progress listeners make a cross-origin XHR ask first
      if (req.method === 'OPTIONS') {
        res.writeHead(204, { ...cors, 'Access-Control-Allow-Methods': 'POST', 'Access-Control-Allow-Headers': 'Accept' })
        res.end()
        return
      }
      const body = await read(req)
      received.push({ contentType: req.headers['content-type'] ?? '', accept: req.headers.accept ?? '', cookie: req.headers.cookie ?? '', body })
      res.writeHead(answer.status, { ...cors, 'Content-Type': 'application/json' })
      res.end(answer.body)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const dom = (globalThis as unknown as { jsdom: JSDOM }).jsdom
    dom.reconfigure({ url: `http://127.0.0.1:${port}/create-listing` })
    document.cookie = 'handover.sid=session-1'
  })

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  beforeEach(() => {
    received = []
    answer = { status: 201, body: JSON.stringify(STORED) }
  })

  const image = () => new File([new Uint8Array(64 * 1024).fill(7)], 'cat.png', { type: 'image/png' })

  it('sends the file as multipart field "image" with the session cookie, reports progress and returns the stored image', async () => {
    const progress: number[] = []
    const stored = await uploadListingImage(image(), { onProgress: (fraction) => progress.push(fraction) })

    expect(stored).toEqual(STORED)
    expect(received).toHaveLength(1)
    expect(received[0].contentType).toMatch(/^multipart\/form-data; boundary=/)
    expect(received[0].accept).toBe('application/json')
    expect(received[0].cookie).toContain('handover.sid=session-1')
    expect(received[0].body).toMatch(/Content-Disposition: form-data; name="image"; filename="cat.png"/)
    expect(progress.length).toBeGreaterThan(0)
    expect(progress.at(-1)).toBe(1)
    expect(progress).toEqual([...progress].sort((a, b) => a - b))
  })

  it("rejects with the server's message when the upload is refused", async () => {
    answer = {
      status: 400,
      body: JSON.stringify({
        error: { code: 'validation_error', message: LISTING_WRITE_MESSAGES.imageType },
        message: LISTING_WRITE_MESSAGES.imageType,
      }),
    }
    await expect(uploadListingImage(image())).rejects.toMatchObject({ status: 400, message: LISTING_WRITE_MESSAGES.imageType })
  })

  it('is cancelled through its signal without sending', async () => {
    const controller = new AbortController()
    controller.abort()
    await expect(uploadListingImage(image(), { signal: controller.signal })).rejects.toMatchObject({ kind: 'cancelled' })
    expect(received).toHaveLength(0)
  })
})
