import { expect } from 'vitest'
import type { Page } from 'playwright-core'

/** What has the keyboard focus, as a keyboard user would judge it. */
export interface Focus {
  tag: string
  /** the accessible name, roughly: aria-label, aria-labelledby, the label, else the text */
  name: string
  href: string | null
  value: string | null
  /** an outline or a ring (a box-shadow with a spread, as Tailwind's rings are) is drawn around it, on screen */
  visible: boolean
  /** what `visible` was judged from, for the failure message */
  style: string
  inDialog: boolean
  inMenu: boolean
  inMain: boolean
}

export async function focusOf(page: Page): Promise<Focus> {
  return page.evaluate(async () => {
    // a ring that fades in (transition-all) is judged once it has; the page may re-render meanwhile
    let el = document.activeElement as HTMLElement | null
    while (el && el !== document.body) {
      await Promise.all(
        el
          .getAnimations()
          .filter((a) => a instanceof CSSTransition)
          .map((a) => a.finished.catch(() => undefined)),
      )
      if (el === document.activeElement && el.isConnected) break
      el = document.activeElement as HTMLElement | null
    }
    if (!el || el === document.body)
      return { tag: 'body', name: '', href: null, value: null, visible: false, style: '', inDialog: false, inMenu: false, inMain: false }
    const style = getComputedStyle(el)
    // Tailwind always sets several shadow layers, most of them transparent and zero-sized; a ring is a coloured
    // layer with a spread (a drop shadow has a blur and no spread, and is no focus indicator)
    const isRing = (layer: string) => {
      const alpha = /\/\s*([\d.]+)\s*\)|rgba\([^)]*,\s*([\d.]+)\s*\)/.exec(layer)
      const opaque = !alpha || Number(alpha[1] ?? alpha[2]) > 0
      const [, , , spread = 0] = [...layer.replace(/\([^)]*\)/g, '').matchAll(/(-?[\d.]+)px/g)].map((m) => Number(m[1]))
      return opaque && spread > 0
    }
    const shadow = style.boxShadow !== 'none' && style.boxShadow.split(/,(?![^(]*\))/).some(isRing)
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
    const ring = outline || shadow
    const box = el.getBoundingClientRect()
    const onScreen = box.width > 1 && box.height > 1 && box.bottom > 0 && box.top < window.innerHeight
    const byIds = el
      .getAttribute('aria-labelledby')
      ?.split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
    const label = 'labels' in el ? (el as HTMLInputElement).labels?.[0]?.textContent : undefined
    const name = el.getAttribute('aria-label') || byIds || label || el.innerText || el.getAttribute('placeholder') || ''
    return {
      tag: el.tagName.toLowerCase(),
      name: name.replace(/\s+/g, ' ').trim(),
      href: el.getAttribute('href'),
      value: 'value' in el ? String((el as HTMLInputElement).value) : null,
      visible: ring && onScreen,
      style: `outline ${style.outlineStyle} ${style.outlineWidth}; box-shadow ${style.boxShadow}; top ${Math.round(box.top)}px`,
      inDialog: el.closest('[role="dialog"], [role="alertdialog"]') !== null,
      inMenu: el.closest('[role="menu"]') !== null,
      inMain: el.closest('#main') !== null,
    }
  })
}

const shown = (f: Focus) => `<${f.tag}> "${f.name.slice(0, 60)}"${f.href ? ` ${f.href}` : ''}`

/** Fails unless the focused element shows a focus ring (outline or box-shadow) on screen. */
export async function expectVisibleFocus(page: Page): Promise<Focus> {
  const focus = await focusOf(page)
  expect(focus.visible, `the focus on ${shown(focus)} cannot be seen (${focus.style})`).toBe(true)
  return focus
}

/**
 * Presses Tab (or Shift+Tab) until the focused element matches, checking on the way that every element the
 * focus lands on shows it.
 */
export async function tabTo(page: Page, wanted: RegExp | ((focus: Focus) => boolean), { back = false, max = 150 } = {}): Promise<Focus> {
  const matches = typeof wanted === 'function' ? wanted : (focus: Focus) => wanted.test(focus.name)
  const seen: string[] = []
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
    const focus = await focusOf(page)
    if (focus.tag === 'body') continue
    seen.push(shown(focus))
    expect(focus.visible, `the focus on ${shown(focus)} at ${page.url()} cannot be seen (${focus.style})`).toBe(true)
    if (matches(focus)) return focus
  }
  throw new Error(`${String(wanted)} not reached in ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}; went through:\n  ${seen.join('\n  ')}`)
}

/** Tab and Shift+Tab, many times round: the focus never leaves the open dialog. */
export async function expectFocusTrappedInDialog(page: Page, presses = 12): Promise<void> {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press(key)
      const focus = await focusOf(page)
      expect(focus.inDialog, `${key} took the focus out of the dialog, to ${shown(focus)}`).toBe(true)
      expect(focus.visible, `the focus on ${shown(focus)} cannot be seen (${focus.style})`).toBe(true)
    }
  }
}
