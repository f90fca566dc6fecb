/**
 * The page's right-click menu, from the params of Electron's `context-menu` event. Chromium shows none of its
 * own in Electron, so without this there is no Copy, no Paste and no spelling help. menu.ts renders the model.
 */

/** The part of Electron's ContextMenuParams the menu depends on. */
export interface ContextMenuParams {
  isEditable: boolean
  selectionText: string
  linkURL: string
  misspelledWord: string
  dictionarySuggestions: string[]
  editFlags: { canCut: boolean; canCopy: boolean; canPaste: boolean; canSelectAll: boolean }
}

export type ContextMenuItem =
  | { kind: 'edit'; role: 'cut' | 'copy' | 'paste' | 'selectAll'; label: string; enabled: boolean }
  | { kind: 'copyLink'; label: string; url: string }
  | { kind: 'replaceMisspelling'; label: string; replacement: string }
  | { kind: 'addToDictionary'; label: string; word: string }
  | { kind: 'info'; label: string }
  | { kind: 'separator' }

// Chromium's own menu shows this many; more only push the editing items off screen.
const MAX_SUGGESTIONS = 5

export function contextMenuModel(params: ContextMenuParams): ContextMenuItem[] {
  const groups: ContextMenuItem[][] = [spelling(params), editing(params), link(params)]
  // Separators only between groups that have items: an empty model means no menu at all.
  return groups.filter((group) => group.length > 0).flatMap((group, index) => (index === 0 ? group : [{ kind: 'separator' as const }, ...group]))
}

function spelling({ isEditable, misspelledWord, dictionarySuggestions }: ContextMenuParams): ContextMenuItem[] {
  if (!isEditable || misspelledWord === '') return []
  const suggestions: ContextMenuItem[] = dictionarySuggestions
    .slice(0, MAX_SUGGESTIONS)
    .map((replacement) => ({ kind: 'replaceMisspelling', label: replacement, replacement }))
  return [
    ...(suggestions.length > 0 ? suggestions : [{ kind: 'info' as const, label: 'No Guesses Found' }]),
    { kind: 'addToDictionary', label: 'Add to Dictionary', word: misspelledWord },
  ]
}

function editing({ isEditable, selectionText, editFlags }: ContextMenuParams): ContextMenuItem[] {
  // In a field the full set, greyed where it cannot act, as every text field does; elsewhere only Copy of a selection.
  if (isEditable) {
    return [
      { kind: 'edit', role: 'cut', label: 'Cut', enabled: editFlags.canCut },
      { kind: 'edit', role: 'copy', label: 'Copy', enabled: editFlags.canCopy },
      { kind: 'edit', role: 'paste', label: 'Paste', enabled: editFlags.canPaste },
      { kind: 'edit', role: 'selectAll', label: 'Select All', enabled: editFlags.canSelectAll },
    ]
  }
  return selectionText.trim() !== '' && editFlags.canCopy ? [{ kind: 'edit', role: 'copy', label: 'Copy', enabled: true }] : []
}

function link({ linkURL }: ContextMenuParams): ContextMenuItem[] {
  // Only addresses someone could paste somewhere useful; a javascript: or data: "link" is the page's own code.
  return /^(?:https?|mailto):/i.test(linkURL) ? [{ kind: 'copyLink', label: 'Copy Link', url: linkURL }] : []
}
