import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'

const booleanish = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], {
    error: 'must be one of true/false, 1/0, yes/no, on/off',
  })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v))

const url = (protocols: string[]) =>
  z.url({ error: `must be a URL (${protocols.join(', ')})` }).refine((v) => protocols.some((p) => v.startsWith(`${p}://`)), {
    message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
  })

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number({ error: 'must be a port number' }).int('must be a whole number').min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: url(['postgres', 'postgresql']).optional(),
    /** connections each instance keeps to DATABASE_URL (docs/operations.md: fewer where PostgreSQL shares the instances' cores) */
    DATABASE_POOL_SIZE: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(2, 'must be at least 2')
      .max(100, 'must be at most 100')
      .default(10),
    REDIS_URL: url(['redis', 'rediss']).optional(),
    REDIS_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,64}$/, "must be 1 to 64 letters, digits, '.', '_' or '-'")
      .default('handover'),
    SMTP_URL: url(['smtp', 'smtps']).optional(),
    MAIL_FROM: z.string().min(3).default('Handover <no-reply@handover.local>'),
    PUBLIC_URL: url(['http', 'https']).optional(),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    PAYMENTS_PROVIDER: z.enum(['sandbox', 'trustap'], { error: 'must be sandbox or trustap' }).default('sandbox'),
    /** Basic credentials the sandbox provider's webhooks must carry; unset: sandbox webhooks are refused */
    SANDBOX_WEBHOOK_PASSWORD: z.string().min(16, 'must be at least 16 characters').optional(),
    // Trustap (docs.trustap.com): staging hosts by default; production is https://dev.trustap.com/api/v1 etc.
    TRUSTAP_API_URL: url(['http', 'https']).default('https://dev.stage.trustap.com/api/v1'),
    TRUSTAP_ACTIONS_URL: url(['http', 'https']).default('https://actions.stage.trustap.com'),
    TRUSTAP_SSO_URL: url(['http', 'https']).default('https://sso.trustap.com/auth/realms/trustap-stage'),
    TRUSTAP_API_KEY: z.string().min(8, 'must be at least 8 characters').optional(),
    /** the marketplace's own full Trustap user: the seller of every checkout, since Handover holds the escrow */
    TRUSTAP_SELLER_ID: z.string().min(3).max(64).optional(),
    TRUSTAP_CURRENCY: z.enum(['usd', 'eur', 'gbp', 'aud', 'cad'], { error: 'must be usd, eur, gbp, aud or cad' }).default('usd'),
    TRUSTAP_CLIENT_ID: z.string().min(3).optional(),
    TRUSTAP_CLIENT_SECRET: z.string().min(8, 'must be at least 8 characters').optional(),
    TRUSTAP_WEBHOOK_USER: z.string().min(3, 'must be at least 3 characters').max(100).optional(),
    TRUSTAP_WEBHOOK_PASSWORD: z.string().min(16, 'must be at least 16 characters').optional(),
    ADMIN_USERNAME: z.string().min(3, 'must be at least 3 characters').max(50).optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(128).optional(),
    SEED_DEMO: booleanish.default(false),
    TRUST_PROXY: booleanish.default(false),
    /** names this instance in an X-Instance response header and in every log line; unset: neither */
    INSTANCE_NAME: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,64}$/, "must be 1 to 64 letters, digits, '.', '_' or '-'")
      .optional(),
    DATA_DIR: z.string().min(1).default('.data'),
    /** uploaded and generated images; defaults to DATA_DIR/media */
    MEDIA_DIR: z.string().min(1).optional(),
    /** where uploaded and generated images are kept: a local folder (MEDIA_DIR), or an S3-compatible bucket */
    MEDIA_STORAGE: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
    /** the store's address (MinIO, R2, ...); unset: AWS S3 in S3_REGION */
    S3_ENDPOINT: url(['http', 'https']).optional(),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be 3 to 63 lowercase letters, digits, dots or hyphens')
      .optional(),
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]{1,32}$/, 'must be a region name such as us-east-1 (auto on R2)')
      .optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** http://host/bucket/key instead of http://bucket.host/key: MinIO and most self-hosted stores need it */
    S3_FORCE_PATH_STYLE: booleanish.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .refine((v) => Boolean(v.ADMIN_USERNAME) === Boolean(v.ADMIN_PASSWORD), {
    message: 'ADMIN_USERNAME and ADMIN_PASSWORD must be set together',
    path: ['ADMIN_PASSWORD'],
  })
  .superRefine((v, ctx) => {
    if (v.PAYMENTS_PROVIDER !== 'trustap') return
    for (const name of ['TRUSTAP_API_KEY', 'TRUSTAP_SELLER_ID', 'TRUSTAP_WEBHOOK_USER', 'TRUSTAP_WEBHOOK_PASSWORD'] as const) {
      if (!v[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when PAYMENTS_PROVIDER=trustap' })
    }
  })
  .superRefine((v, ctx) => {
    if (v.MEDIA_STORAGE !== 's3') return
    for (const name of ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!v[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when MEDIA_STORAGE=s3' })
    }
  })
  .refine((v) => Boolean(v.TRUSTAP_CLIENT_ID) === Boolean(v.TRUSTAP_CLIENT_SECRET), {
    message: 'TRUSTAP_CLIENT_ID and TRUSTAP_CLIENT_SECRET must be set together',
    path: ['TRUSTAP_CLIENT_SECRET'],
  })

export type Env = z.infer<typeof envSchema>

export interface Config {
  env: Env['NODE_ENV']
  port: number
  host: string
  databaseUrl?: string
  /** connections to `databaseUrl` (the embedded database has its own) */
  databasePoolSize: number
  redisUrl?: string
  /** first part of every Redis key and channel, so deployments sharing one Redis stay apart */
  redisPrefix: string
  smtpUrl?: string
  mailFrom: string
  publicUrl: string
  sessionSecret: string
  paymentsProvider: Env['PAYMENTS_PROVIDER']
  /** credentials of the sandbox provider's webhooks (user `sandbox`) */
  sandboxWebhookPassword?: string
  trustap: TrustapConfig
  admin?: { username: string; password: string }
  seedDemo: boolean
  trustProxy: boolean
  /** INSTANCE_NAME: sent as X-Instance and logged, so an operator sees which instance answered */
  instanceName?: string
  dataDir: string
  /** MEDIA_STORAGE: the local folder (MEDIA_DIR) or an S3-compatible bucket */
  media: MediaConfig
  logLevel: Env['LOG_LEVEL']
}

export type MediaConfig = { storage: 'local'; dir: string } | ({ storage: 's3' } & S3Config)

export interface S3Config {
  /** unset: AWS S3 */
  endpoint?: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  forcePathStyle: boolean
}

/** Trustap's hosts and this marketplace's credentials there (README "Configuration"). */
export interface TrustapConfig {
  apiUrl: string
  actionsUrl: string
  ssoUrl: string
  apiKey?: string
  sellerId?: string
  currency: Env['TRUSTAP_CURRENCY']
  /** OAuth client for sellers connecting their own Trustap account; both or neither */
  oauth?: { clientId: string; clientSecret: string }
  webhook?: { user: string; password: string }
}

export class ConfigError extends Error {}

/** Parses the environment; a bad value stops the boot with a message naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const blankless = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''))
  const parsed = envSchema.safeParse(blankless)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'environment'}: ${i.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const env = parsed.data
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    sessionSecret: env.SESSION_SECRET ?? persistentSecret(env.DATA_DIR),
    paymentsProvider: env.PAYMENTS_PROVIDER,
    sandboxWebhookPassword: env.SANDBOX_WEBHOOK_PASSWORD,
    trustap: {
      apiUrl: env.TRUSTAP_API_URL.replace(/\/+$/, ''),
      actionsUrl: env.TRUSTAP_ACTIONS_URL.replace(/\/+$/, ''),
      ssoUrl: env.TRUSTAP_SSO_URL.replace(/\/+$/, ''),
      apiKey: env.TRUSTAP_API_KEY,
      sellerId: env.TRUSTAP_SELLER_ID,
      currency: env.TRUSTAP_CURRENCY,
      oauth:
        env.TRUSTAP_CLIENT_ID && env.TRUSTAP_CLIENT_SECRET ? { clientId: env.TRUSTAP_CLIENT_ID, clientSecret: env.TRUSTAP_CLIENT_SECRET } : undefined,
      webhook:
        env.TRUSTAP_WEBHOOK_USER && env.TRUSTAP_WEBHOOK_PASSWORD
          ? { user: env.TRUSTAP_WEBHOOK_USER, password: env.TRUSTAP_WEBHOOK_PASSWORD }
          : undefined,
    },
    admin: env.ADMIN_USERNAME && env.ADMIN_PASSWORD ? { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD } : undefined,
    seedDemo: env.SEED_DEMO,
    trustProxy: env.TRUST_PROXY,
    instanceName: env.INSTANCE_NAME,
    dataDir: env.DATA_DIR,
    media:
      env.MEDIA_STORAGE === 's3'
        ? {
            storage: 's3',
            endpoint: env.S3_ENDPOINT?.replace(/\/+$/, ''),
            bucket: env.S3_BUCKET!,
            region: env.S3_REGION!,
            accessKeyId: env.S3_ACCESS_KEY_ID!,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          }
        : { storage: 'local', dir: env.MEDIA_DIR ?? join(env.DATA_DIR, 'media') },
    logLevel: env.LOG_LEVEL,
  }
}

/** Generated once and kept, so sessions survive a restart without any setup. */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(48).toString('base64url')
  writeFileSync(file, `${secret}\n`, { mode: 0o600 })
  return secret
}
