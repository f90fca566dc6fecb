import { atom } from 'jotai'

/** What the viewer has typed but not sent, per conversation: moving between threads keeps each draft. */
export const draftsAtom = atom<Readonly<Record<number, string>>>({})
