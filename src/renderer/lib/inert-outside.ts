/**
 * Makes the rest of the page inert while `node` (a modal menu, portalled into <body>) is open, and answers the
 * undo. Radix already hides the page from screen readers (`aria-hidden`) and traps the focus; without `inert`
 * the hidden page still holds focusable controls, which axe rightly reports (aria-hidden-focus), and a browser's
 * own find-in-page or a switch device could still reach them. Radix's focus guards stay as they are.
 */
export function inertOutside(node: HTMLElement): () => void {
  const changed: Element[] = []
  for (const sibling of Array.from(node.ownerDocument.body.children)) {
    if (sibling.contains(node) || sibling.hasAttribute('inert') || sibling.hasAttribute('data-radix-focus-guard')) continue
    sibling.setAttribute('inert', '')
    changed.push(sibling)
  }
  return () => {
    for (const element of changed) element.removeAttribute('inert')
  }
}
