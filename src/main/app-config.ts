import { z } from 'zod'
import { isAllowedServerUrl, isExternalHttpUrl, MAX_URL_LENGTH, SERVER_URL_HTTPS_MESSAGE } from '@shared/ipc/url-rules'
import { DEVELOPMENT_SERVER_URL } from './config'

/**
 * What an installer is built for, written into the packaged app by `npm run dist` (scripts/desktop-package.ts) as
 * app-config.json next to its package.json: the server it opens and the feed it updates from. A development run has
 * no such file and opens the local server with updates off.
 */

export const APP_CONFIG_FILE = 'app-config.json'

const httpsOrLocal = z
  .string()
  .max(MAX_URL_LENGTH)
  .refine(isExternalHttpUrl, { message: 'Expected an absolute http(s) address without a user name or password', abort: true })
  .refine(isAllowedServerUrl, { message: SERVER_URL_HTTPS_MESSAGE })

export const appConfigSchema = z.strictObject({
  serverUrl: httpsOrLocal,
  /** electron-updater's generic feed; null: this build never looks for updates */
  updateUrl: httpsOrLocal.nullable(),
})

export type AppConfig = z.infer<typeof appConfigSchema>

export const DEVELOPMENT_CONFIG: AppConfig = { serverUrl: DEVELOPMENT_SERVER_URL, updateUrl: null }

export interface AppConfigSource {
  /** app.isPackaged */
  isPackaged: boolean
  /** Reads app-config.json from the app's own directory; throws when there is none. */
  read(): string
}

/**
 * The packaged app's configuration, or the development one. A packaged app without a valid file stops with a reason
 * rather than opening some default server: an installer is always built for one.
 */
export function loadAppConfig({ isPackaged, read }: AppConfigSource): AppConfig {
  if (!isPackaged) return DEVELOPMENT_CONFIG
  let text: string
  try {
    text = read()
  } catch {
    throw new Error(`This build of Handover has no ${APP_CONFIG_FILE}: build the installer with \`npm run dist\` and HANDOVER_SERVER_URL set.`)
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new Error(`This build's ${APP_CONFIG_FILE} is not JSON.`)
  }
  const result = appConfigSchema.safeParse(parsed)
  if (!result.success)
    throw new Error(
      `This build's ${APP_CONFIG_FILE} is not valid: ${result.error.issues.map((issue) => `${issue.path.join('.') || 'file'}: ${issue.message}`).join('; ')}`,
    )
  return result.data
}
