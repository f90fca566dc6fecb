import { atom } from 'jotai'
import type { PlatformId } from '@/config/platforms'

/** Platform chosen from a tile or the footer, or read from the grid's ?platform=; the listing grid filters by it. */
export const selectedPlatformAtom = atom<PlatformId | null>(null)
