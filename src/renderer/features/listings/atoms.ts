import { atom } from 'jotai'

/**
 * Whether the Advanced Filters panel is open. UI state, not a filter: it stays out of the URL, but in
 * an atom it survives the grid remounting (navigating to a listing and back).
 */
export const advancedFiltersOpenAtom = atom(false)
