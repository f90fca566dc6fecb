import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { z } from 'zod'

/** The version in package.json, read once: it cannot change while the process runs. */
export const APP_VERSION: string = (() => {
  const file = resolve(import.meta.dirname, '../../../package.json')
  return z.object({ version: z.string() }).parse(JSON.parse(readFileSync(file, 'utf8'))).version
})()

const buildFileSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/) })

/**
 * The id of the website build being served (`build.json`, written by the website build beside its service worker),
 * read on every call since a new build can be dropped in while the server runs; null without one.
 */
export async function readBuildId(webRoot: string | undefined): Promise<string | null> {
  if (!webRoot) return null
  try {
    return buildFileSchema.parse(JSON.parse(await readFile(join(webRoot, 'build.json'), 'utf8'))).id
  } catch {
    return null
  }
}
