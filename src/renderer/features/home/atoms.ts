import { atom } from 'jotai'
import type { PlatformId } from '@/config/platforms'

/** Platform chosen from a tile, the footer or ?platform=; the listing grid filters by it. */
export const selectedPlatformAtom = atom<PlatformId | null>(null)
