import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

const dataDir = () => mkdtempSync(join(tmpdir(), 'handover-config-'))

const S3 = {
  MEDIA_STORAGE: 's3',
  S3_ENDPOINT: 'http://minio.internal:9000/',
  S3_BUCKET: 'handover-media',
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'handover',
  S3_SECRET_ACCESS_KEY: 'secret-key',
}

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() })
    expect(config.port).toBe(3000)
    expect(config.paymentsProvider).toBe('sandbox')
    expect(config.publicUrl).toBe('http://localhost:3000')
    expect(config.databaseUrl).toBeUndefined()
    expect(config.seedDemo).toBe(false)
    expect(config.redisPrefix).toBe('handover')
    expect(config.databasePoolSize).toBe(10)
    expect(config.media).toEqual({ storage: 'local', dir: join(config.dataDir, 'media') })
  })

  it('takes the database pool size it is given', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_POOL_SIZE: '4' }).databasePoolSize).toBe(4)
  })

  it('generates the session secret once and keeps it under the data folder', () => {
    const dir = dataDir()
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret
    expect(first.length).toBeGreaterThanOrEqual(32)
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first)
    expect(readFileSync(join(dir, 'session-secret'), 'utf8').trim()).toBe(first)
  })

  it.each<[Record<string, string>, string]>([
    [{ PORT: 'abc' }, 'PORT: must be a port number'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must start with postgres:// or postgresql://'],
    [{ DATABASE_POOL_SIZE: 'many' }, 'DATABASE_POOL_SIZE: must be a number'],
    [{ DATABASE_POOL_SIZE: '1' }, 'DATABASE_POOL_SIZE: must be at least 2'],
    [{ DATABASE_POOL_SIZE: '2.5' }, 'DATABASE_POOL_SIZE: must be a whole number'],
    [{ REDIS_URL: 'nope' }, 'REDIS_URL'],
    [{ REDIS_PREFIX: 'two words' }, 'REDIS_PREFIX'],
    [{ PAYMENTS_PROVIDER: 'paypal' }, 'PAYMENTS_PROVIDER: must be sandbox or trustap'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET: must be at least 32 characters'],
    [{ ADMIN_USERNAME: 'boss' }, 'ADMIN_USERNAME and ADMIN_PASSWORD must be set together'],
    [{ MEDIA_STORAGE: 'nfs' }, 'MEDIA_STORAGE: must be local or s3'],
    [{ ...S3, S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT: must start with http:// or https://'],
    [{ ...S3, S3_BUCKET: 'Media_Bucket' }, 'S3_BUCKET: must be 3 to 63 lowercase letters'],
    [{ ...S3, S3_FORCE_PATH_STYLE: 'sometimes' }, 'S3_FORCE_PATH_STYLE'],
    ...(['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).map((name): [Record<string, string>, string] => [
      { ...S3, [name]: '' },
      `${name}: is required when MEDIA_STORAGE=s3`,
    ]),
  ])('names the variable of a bad value %j', (env, message) => {
    let error: unknown
    try {
      loadConfig({ DATA_DIR: dataDir(), ...env })
    } catch (err) {
      error = err
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as Error).message).toContain(message)
  })

  it('makes the admin only when both variables are set', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'long-enough-pw' })
    expect(config.admin).toEqual({ username: 'boss', password: 'long-enough-pw' })
  })

  it('keeps media in MEDIA_DIR unless MEDIA_STORAGE=s3, and then in the bucket the S3_ variables name', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), MEDIA_DIR: '/srv/media', S3_BUCKET: 'unused' }).media).toEqual({ storage: 'local', dir: '/srv/media' })
    expect(loadConfig({ DATA_DIR: dataDir(), ...S3, S3_FORCE_PATH_STYLE: 'true' }).media).toEqual({
      storage: 's3',
      endpoint: 'http://minio.internal:9000',
      bucket: 'handover-media',
      region: 'us-east-1',
      accessKeyId: 'handover',
      secretAccessKey: 'secret-key',
      forcePathStyle: true,
    })
    // AWS itself: no endpoint, virtual-hosted addressing
    const { S3_ENDPOINT: _endpoint, ...aws } = S3
    expect(loadConfig({ DATA_DIR: dataDir(), ...aws }).media).toMatchObject({ storage: 's3', endpoint: undefined, forcePathStyle: false })
  })
})
