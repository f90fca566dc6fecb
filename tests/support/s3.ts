/**
 * An S3-compatible server (s3rver) in the test's own process, on a free port, its objects in a temporary folder. It
 * knows one access key (it does not check V4 signatures themselves); it can be stopped and started again on the same
 * port and folder, as a store that went away and came back.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import type { S3Config } from '../../server/config'

// the only credentials s3rver accepts
const KEY = 'S3RVER'

export interface RunningS3 {
  endpoint: string
  /** a client of the store, for what a test checks behind the server's back */
  client: S3Client
  createBucket(name: string): Promise<void>
  /** the server's settings for this store and bucket */
  config(bucket: string): S3Config
  /** MEDIA_STORAGE=s3 on this store and bucket */
  env(bucket: string): Record<string, string>
  stop(): Promise<void>
  /** again on the same port, with the objects it had */
  restart(): Promise<void>
  /** stops it and removes its folder */
  close(): Promise<void>
}

export async function startS3(): Promise<RunningS3> {
  const directory = mkdtempSync(join(tmpdir(), 'handover-s3-'))
  const serve = async (port: number) => {
    const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory })
    return { server, port: (await server.run()).port }
  }
  let running: Awaited<ReturnType<typeof serve>> | undefined = await serve(0)
  const port = running.port
  const endpoint = `http://127.0.0.1:${port}`
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: KEY, secretAccessKey: KEY } })
  const stop = async () => {
    await running?.server.close()
    running = undefined
  }
  return {
    endpoint,
    client,
    async createBucket(name) {
      await client.send(new CreateBucketCommand({ Bucket: name }))
    },
    config: (bucket) => ({ endpoint, bucket, region: 'us-east-1', accessKeyId: KEY, secretAccessKey: KEY, forcePathStyle: true }),
    env: (bucket) => ({
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    stop,
    async restart() {
      await stop()
      running = await serve(port)
    },
    async close() {
      await stop()
      client.destroy()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
