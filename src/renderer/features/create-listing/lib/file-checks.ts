import { LISTING_RULES, LISTING_WRITE_MESSAGES } from '@shared/api/listings'

/** What the file picker offers; the server checks the bytes again. */
export const IMAGE_ACCEPT = LISTING_RULES.imageTypes.join(',')

/** The upload rules checked before a byte is sent: null when the file may go, else the server's message. */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(LISTING_RULES.imageTypes as readonly string[]).includes(file.type)) return LISTING_WRITE_MESSAGES.imageType
  if (file.size > LISTING_RULES.imageMaxBytes) return LISTING_WRITE_MESSAGES.imageSize
  if (file.size === 0) return LISTING_WRITE_MESSAGES.imageUnreadable
  return null
}

export interface FileSelection<F> {
  accepted: F[]
  /** one line per refused file, naming it */
  refused: string[]
}

/**
 * Splits a drop or pick into files to upload and readable refusals. `room` is how many more images
 * the listing can take; files past it are refused with the image-count rule.
 */
export function selectImageFiles<F extends Pick<File, 'name' | 'type' | 'size'>>(files: readonly F[], room: number): FileSelection<F> {
  const accepted: F[] = []
  const refused: string[] = []
  let overflow = false
  for (const file of files) {
    const problem = imageFileProblem(file)
    if (problem) refused.push(`${file.name}: ${problem}`)
    else if (accepted.length < room) accepted.push(file)
    else overflow = true
  }
  if (overflow) refused.push(LISTING_WRITE_MESSAGES.images)
  return { accepted, refused }
}
