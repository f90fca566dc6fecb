import type { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import type { S3Config } from '../../config'
import type { Logger } from '../../logger'
import { assertKey, MEDIA_KEY_PATTERN, mediaContentType, mediaUnavailable, type MediaStorage } from './storage'

// a store that does not answer must not hold a request (and its upload in memory) for long
const CONNECTION_TIMEOUT_MS = 5_000
const REQUEST_TIMEOUT_MS = 30_000

const httpStatus = (err: unknown) => (err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined)

/** A key the store does not have; a bucket it does not have is a failure, not a missing image. */
const isMissingKey = (err: unknown) => httpStatus(err) === 404 && (err as Error).name !== 'NoSuchBucket'

/** What a failed request says of the store, in words an operator can act on. */
export function storeProblem(err: unknown, bucket: string): string {
  const status = httpStatus(err)
  if (status === undefined) {
    const { code, message } = err as { code?: string; message?: string }
    return `the store cannot be reached (${code ?? message ?? String(err)})`
  }
  const name = (err as Error).name
  // HEAD answers carry no body, so a missing bucket is a bare 404 there
  if (name === 'NoSuchBucket' || (status === 404 && name === 'NotFound')) return `bucket "${bucket}" does not exist`
  if (status === 403 || name === 'InvalidAccessKeyId' || name === 'SignatureDoesNotMatch') {
    return `the store refused access to bucket "${bucket}" (${name}): check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY`
  }
  return `the store answered ${name} (HTTP ${status})`
}

/** Media in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...), one object per key. */
export function createS3Storage(config: S3Config, logger: Logger): MediaStorage {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // checksums only where S3 requires them: several compatible stores reject the newer default ones
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
  })
  const Bucket = config.bucket
  const where = `${config.endpoint ?? `AWS S3 (${config.region})`}`

  /** Logs what went wrong and answers the 503 the request gets. */
  const failed = (action: string, key: string, err: unknown) => {
    logger.warn({ err, key, bucket: Bucket, endpoint: where }, `media storage: ${action} failed: ${storeProblem(err, Bucket)}`)
    return mediaUnavailable(err)
  }

  return {
    async ready() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }))
        logger.info({ bucket: Bucket, endpoint: where }, 'media stored in an S3-compatible bucket')
      } catch (err) {
        const problem = `MEDIA_STORAGE=s3 at ${where}: ${storeProblem(err, Bucket)}`
        // the store answered and said no: a setting is wrong, and no image could ever be stored
        const status = httpStatus(err)
        if (status !== undefined && status >= 400 && status < 500) throw new Error(problem)
        logger.warn({ err }, `${problem}; images answer 503 until it is back`)
      }
    },
    async put(key, data) {
      assertKey(key)
      try {
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: mediaContentType(key) }))
      } catch (err) {
        throw failed('storing an image', key, err)
      }
    },
    async open(key) {
      if (!MEDIA_KEY_PATTERN.test(key)) return null
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }))
        if (!object.Body || object.ContentLength === undefined) throw new Error('the store answered without a body or its length')
        return { body: object.Body as Readable, size: object.ContentLength }
      } catch (err) {
        if (isMissingKey(err)) return null
        throw failed('reading an image', key, err)
      }
    },
    async has(key) {
      if (!MEDIA_KEY_PATTERN.test(key)) return false
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }))
        return true
      } catch (err) {
        if (isMissingKey(err)) return false
        throw failed('looking for an image', key, err)
      }
    },
    async remove(key) {
      assertKey(key)
      try {
        // S3 answers a key it does not have with success, as the interface wants
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }))
      } catch (err) {
        throw failed('removing an image', key, err)
      }
    },
  }
}
