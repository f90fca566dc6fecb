import { readdir, readFile } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { MEDIA_KEY_PATTERN, type MediaStorage } from './storage'

/**
 * Copies the images of a local media folder into another store (moving to MEDIA_STORAGE=s3), keeping their keys so
 * every stored URL still works. Keys the store has are skipped, so an interrupted copy is simply run again; files
 * that are no media key (temporary files of a write cut short) are left out.
 */
export async function copyLocalMedia(dir: string, to: MediaStorage): Promise<{ copied: number; skipped: number }> {
  let copied = 0
  let skipped = 0
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  for (const entry of entries) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name)
    const key = relative(dir, path).split(sep).join('/')
    if (!MEDIA_KEY_PATTERN.test(key)) continue
    if (await to.has(key)) {
      skipped++
      continue
    }
    await to.put(key, await readFile(path))
    copied++
  }
  return { copied, skipped }
}
