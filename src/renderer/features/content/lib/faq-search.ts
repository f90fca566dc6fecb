import type { FaqSection } from './faq'

/** Lower case without accents, so "Escrów" finds "escrow". */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/** The words of a search; punctuation alone is no word. */
export function searchWords(query: string): string[] {
  return fold(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
}

/**
 * The sections and questions a search matches: every word of it appears in the question or its answer (or
 * the section's title), as a word's beginning or inside it. An empty search keeps everything; a section
 * with no match is left out.
 */
export function searchFaq(sections: readonly FaqSection[], query: string): FaqSection[] {
  const words = searchWords(query)
  if (words.length === 0) return [...sections]
  return sections
    .map((section) => ({
      ...section,
      entries: section.entries.filter((entry) => {
        const text = fold(`${section.title} ${entry.question} ${entry.answer}`)
        return words.every((word) => text.includes(word))
      }),
    }))
    .filter((section) => section.entries.length > 0)
}

export const countEntries = (sections: readonly FaqSection[]) => sections.reduce((sum, section) => sum + section.entries.length, 0)
