/**
 * `npm run media:to-s3`: copies the images of the local media folder (MEDIA_DIR, or DATA_DIR/media) into the bucket
 * that MEDIA_STORAGE=s3 and the S3_ variables name, before the instances are switched to it. Run it again after the
 * switch to pick up what was uploaded meanwhile: images already in the bucket are skipped.
 */
import { join } from 'node:path'
import { loadConfig } from '../server/config'
import { createLogger } from '../server/logger'
import { copyLocalMedia } from '../server/modules/media/copy-media'
import { createS3Storage } from '../server/modules/media/s3-storage'

const config = loadConfig(process.env)
if (config.media.storage !== 's3') {
  console.error('Set MEDIA_STORAGE=s3 and the S3_ variables of the bucket to copy into (docs/operations.md).')
  process.exit(1)
}
const from = process.env.MEDIA_DIR || join(config.dataDir, 'media')
const bucket = createS3Storage(config.media, createLogger('warn', false))
await bucket.ready()
const { copied, skipped } = await copyLocalMedia(from, bucket)
console.log(`Copied ${copied} image(s) from ${from} to bucket ${config.media.bucket}; ${skipped} were there already.`)
