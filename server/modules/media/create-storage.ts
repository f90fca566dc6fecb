import type { MediaConfig } from '../../config'
import type { Logger } from '../../logger'
import { createS3Storage } from './s3-storage'
import { createLocalStorage, type MediaStorage } from './storage'

/** The store MEDIA_STORAGE names: the local folder, or an S3-compatible bucket. */
export function createMediaStorage(config: MediaConfig, logger: Logger): MediaStorage {
  return config.storage === 's3' ? createS3Storage(config, logger) : createLocalStorage(config.dir)
}
