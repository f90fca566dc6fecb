import { describe, expect, it } from 'vitest'
import { contextMenuModel, type ContextMenuItem, type ContextMenuParams } from './context-menu'

const NOTHING = { canCut: false, canCopy: false, canPaste: false, canSelectAll: false }

function params(overrides: Partial<ContextMenuParams> = {}): ContextMenuParams {
  return { isEditable: false, selectionText: '', linkURL: '', misspelledWord: '', dictionarySuggestions: [], editFlags: NOTHING, ...overrides }
}

function labels(items: ContextMenuItem[]): string[] {
  return items.map((item) => (item.kind === 'separator' ? '-' : item.kind === 'edit' && !item.enabled ? `${item.label} (off)` : item.label))
}

describe('contextMenuModel', () => {
  it('is empty on plain page text, so no menu is shown', () => {
    expect(contextMenuModel(params())).toEqual([])
    expect(contextMenuModel(params({ editFlags: { ...NOTHING, canSelectAll: true } }))).toEqual([])
  })

  it('offers Copy for selected text', () => {
    expect(labels(contextMenuModel(params({ selectionText: 'listing #12', editFlags: { ...NOTHING, canCopy: true } })))).toEqual(['Copy'])
  })

  it('offers no Copy for a blank selection', () => {
    expect(contextMenuModel(params({ selectionText: '  ', editFlags: { ...NOTHING, canCopy: true } }))).toEqual([])
  })

  it('shows every editing item in a field, greyed where it cannot act', () => {
    const items = contextMenuModel(params({ isEditable: true, editFlags: { canCut: false, canCopy: false, canPaste: true, canSelectAll: true } }))
    expect(labels(items)).toEqual(['Cut (off)', 'Copy (off)', 'Paste', 'Select All'])
    expect(items[2]).toEqual({ kind: 'edit', role: 'paste', label: 'Paste', enabled: true })
  })

  it('copies a link address', () => {
    expect(contextMenuModel(params({ linkURL: 'https://handover.example/listings/4' }))).toEqual([
      { kind: 'copyLink', label: 'Copy Link', url: 'https://handover.example/listings/4' },
    ])
    expect(labels(contextMenuModel(params({ linkURL: 'mailto:help@handover.example' })))).toEqual(['Copy Link'])
  })

  it.each(['javascript:alert(1)', 'data:text/html,hi', 'file:///etc/passwd'])('offers no Copy Link for %s', (linkURL) => {
    expect(contextMenuModel(params({ linkURL }))).toEqual([])
  })

  it('puts spelling suggestions and Add to Dictionary first for a misspelled word', () => {
    const items = contextMenuModel(
      params({
        isEditable: true,
        misspelledWord: 'escrw',
        dictionarySuggestions: ['escrow', 'screw', 'escrows', 'scow', 'crew', 'ecru'],
        editFlags: { canCut: true, canCopy: true, canPaste: true, canSelectAll: true },
      }),
    )
    expect(labels(items)).toEqual(['escrow', 'screw', 'escrows', 'scow', 'crew', 'Add to Dictionary', '-', 'Cut', 'Copy', 'Paste', 'Select All'])
    expect(items[0]).toEqual({ kind: 'replaceMisspelling', label: 'escrow', replacement: 'escrow' })
    expect(items[5]).toEqual({ kind: 'addToDictionary', label: 'Add to Dictionary', word: 'escrw' })
  })

  it('offers spelling help only where the word can be replaced', () => {
    expect(contextMenuModel(params({ misspelledWord: 'escrw', dictionarySuggestions: ['escrow'] }))).toEqual([])
  })

  it('says so when the dictionary has no guess', () => {
    const items = contextMenuModel(params({ isEditable: true, misspelledWord: 'qzxv', editFlags: NOTHING }))
    expect(labels(items).slice(0, 2)).toEqual(['No Guesses Found', 'Add to Dictionary'])
  })

  it('separates the groups of a link inside a field', () => {
    const items = contextMenuModel(params({ isEditable: true, linkURL: 'https://handover.example/', editFlags: { ...NOTHING, canPaste: true } }))
    expect(labels(items)).toEqual(['Cut (off)', 'Copy (off)', 'Paste', 'Select All (off)', '-', 'Copy Link'])
  })
})
