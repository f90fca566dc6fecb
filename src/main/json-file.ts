import { readFileSync, renameSync, writeFileSync } from 'node:fs'

/** The file operations the main process's small JSON stores need; node:fs in the app, a fake in the tests. */
export interface JsonFiles {
  readFile(path: string): string
  writeFile(path: string, data: string): void
  rename(from: string, to: string): void
}

export const nodeFiles: JsonFiles = {
  readFile: (path) => readFileSync(path, 'utf8'),
  writeFile: (path, data) => writeFileSync(path, data, 'utf8'),
  rename: renameSync,
}

/** Writes beside the file, then renames over it: a crash mid-write leaves the old file whole, never half of one. */
export function replaceFile(files: JsonFiles, path: string, data: string): void {
  const temporary = `${path}.tmp`
  files.writeFile(temporary, data)
  files.rename(temporary, path)
}
