/**
 * Errors that usually fix themselves on a second try (SPEC §4): a lazy chunk or its CSS failed to
 * load (often a deploy replaced the files), or the network blipped.
 */
const RECOVERABLE_PATTERNS: readonly RegExp[] = [
  /loading chunk [\w-]+ failed/i,
  /chunkloaderror/i,
  /loading css chunk/i,
  /unable to preload css/i,
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /failed to fetch/i,
  /network ?error/i,
  /network connection failed/i,
  /unable to connect to server/i,
]

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name} ${error.message}`
  return typeof error === 'string' ? error : ''
}

export function isRecoverableError(error: unknown): boolean {
  const text = describe(error)
  return text !== '' && RECOVERABLE_PATTERNS.some((pattern) => pattern.test(text))
}

/** Unreachable server or signed-out user: expected states, so they are not logged loudly (SPEC §8). */
export function isQuietError(error: unknown): boolean {
  if (error && typeof error === 'object' && 'status' in error && (error.status === 401 || error.status === 0)) return true
  return /unable to connect to server|network connection failed/i.test(describe(error))
}
