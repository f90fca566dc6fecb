import { resolve } from 'node:path'
import { ConfigError, loadConfig } from './config'
import { EmbeddedDatabaseInUse } from './db/embedded'
import { createLogger } from './logger'
import { startServer } from './server'

/** `npm start`: one instance on the configured port; demo data unless SEED_DEMO says otherwise. */
async function main() {
  const config = (() => {
    try {
      return loadConfig({ SEED_DEMO: 'true', NODE_ENV: 'development', ...process.env })
    } catch (err) {
      if (err instanceof ConfigError) {
        process.stderr.write(`${err.message}\n`)
        process.exit(1)
      }
      throw err
    }
  })()
  // with several instances shipping logs to one place, each line says which one wrote it
  const base = createLogger(config.logLevel)
  const logger = config.instanceName ? base.child({ instance: config.instanceName }) : base
  const server = await startServer(config, { logger, webRoot: process.env.WEB_ROOT ?? resolve(import.meta.dirname, '../dist/web') })
  logger.info(`Handover is running on ${config.publicUrl}`)

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'shutting down')
    await server.close()
    logger.info('stopped')
    process.exit(0)
  }
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))
}

main().catch((err: unknown) => {
  if (err instanceof EmbeddedDatabaseInUse) {
    process.stderr.write(`Handover failed to start: ${err.message}\n`)
    process.exit(1)
  }
  process.stderr.write(`Handover failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`)
  process.exit(1)
})
