import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { tmpdir } from 'node:os'
import { randomBytes } from 'node:crypto'
import { loadConfig } from '../../server/config'
import { createLogger, type DestinationStream } from '../../server/logger'
import { startServer, type RunningServer } from '../../server/server'
import { freePort } from './server-process'

export interface TestServerOptions {
  databaseUrl: string
  smtpUrl?: string
  redisUrl?: string
  keyPrefix?: string
  env?: Record<string, string>
  webRoot?: string
  wsHeartbeatMs?: number
  /** receives the server's log as JSON lines, from level info unless LOG_LEVEL in env says otherwise */
  logTo?: DestinationStream
}

/** The real server, as `npm start` builds it, on a free port against the given database. */
export async function startTestServer(options: TestServerOptions): Promise<RunningServer> {
  if (options.webRoot && !existsSync(join(options.webRoot, 'index.html'))) {
    throw new Error(`No built website in ${options.webRoot}: run \`npm run build:web\` first`)
  }
  // links the server writes (checkout pages, emails) must name the address the test really uses
  const port = options.env?.PUBLIC_URL ? '0' : String(await freePort())
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: port,
    ...(options.env?.PUBLIC_URL ? {} : { PUBLIC_URL: `http://127.0.0.1:${port}` }),
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: options.logTo ? 'info' : (process.env.TEST_LOG_LEVEL ?? 'silent'),
    MEDIA_DIR: join(tmpdir(), `handover-media-${randomBytes(6).toString('hex')}`),
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    ...options.env,
  })
  return startServer(config, {
    logger: createLogger(config.logLevel, false, options.logTo),
    keyPrefix: options.keyPrefix ?? `t${randomBytes(6).toString('hex')}`,
    webRoot: options.webRoot,
    wsHeartbeatMs: options.wsHeartbeatMs,
  })
}
