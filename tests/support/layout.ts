import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'

/** A phone, a tablet and a laptop: the widths every main screen is checked and photographed at. */
export const LAYOUT_WIDTHS = [320, 768, 1280] as const

/**
 * What is broken in the page's layout at its current width, as lines for a report:
 * - an element that reaches past the left or right edge of the screen (the page scrolls sideways, or the part
 *   past the edge is cut off by a clipping ancestor);
 * - text that spills out of its own box (a word or a `nowrap` label wider than the space it was given).
 * Scrolling strips (`overflow-x: auto`), text cut short with an ellipsis, decorations (`aria-hidden`) and
 * positioned layers (menus, toasts) are left out: they may reach past the edge on purpose.
 */
const FIND_PROBLEMS = `(() => {
  const width = document.documentElement.clientWidth
  const describe = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + ' "' + (el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40) + '"'
  const exempt = (el) => {
    for (let node = el; node && node !== document.body; node = node.parentElement) {
      if (node.getAttribute('aria-hidden') === 'true') return true
      const style = getComputedStyle(node)
      if (style.position === 'fixed' || style.position === 'absolute') return true
      if (node !== el && (style.overflowX === 'auto' || style.overflowX === 'scroll')) return true
      // cut short with an ellipsis on purpose (\`truncate\`)
      if (node !== el && style.textOverflow === 'ellipsis' && style.overflowX !== 'visible') return true
    }
    return false
  }
  const outside = (el) => {
    const box = el.getBoundingClientRect()
    return box.width > 0 && box.height > 0 && (box.right > width + 0.5 || box.left < -0.5)
  }
  const hasText = (el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim() !== '')
  const problems = []
  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest('svg') && el.tagName.toLowerCase() !== 'svg') continue
    // the innermost element past the edge names the culprit; its ancestors are past it only because of it
    if (outside(el) && ![...el.children].some(outside) && !exempt(el)) {
      const box = el.getBoundingClientRect()
      problems.push('past the edge (' + Math.round(box.left) + '–' + Math.round(box.right) + ' of ' + width + ' px): ' + describe(el))
    }
    const style = getComputedStyle(el)
    if (hasText(el) && style.overflowX === 'visible' && style.display !== 'inline' && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1 && !exempt(el)) {
      problems.push('text spills out of its box (' + el.scrollWidth + ' px in ' + el.clientWidth + '): ' + describe(el))
    }
  }
  return problems
})()`

/** How long a page found broken at a width gets to finish laying itself out before it is measured again. */
const RELAYOUT_GRACE_MS = 500

/** Two frames, so the new width is laid out; a page whose frames stall (Chromium throttles it) waits 250 ms instead. */
async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise((done) => {
        requestAnimationFrame(() => requestAnimationFrame(done))
        setTimeout(done, 250)
      }),
  )
}

/**
 * Lays the page out at each width of LAYOUT_WIDTHS without reloading it, photographs the screen's top at each
 * (under `shots/<width>/<name>.png`), and answers every layout problem found, prefixed with `where` and the width.
 * The page is left at the width it had.
 */
export async function layoutProblemsAcrossWidths(page: Page, where: string, shots: string, name: string): Promise<string[]> {
  const original = page.viewportSize() ?? { width: 1280, height: 900 }
  const problems: string[] = []
  for (const width of LAYOUT_WIDTHS) {
    await page.setViewportSize({ width, height: width < 500 ? 740 : 900 })
    await nextFrames(page)
    let found: string[] = await page.evaluate(FIND_PROBLEMS)
    if (found.length > 0) {
      // a loaded machine can measure a page mid-way through its re-layout for the new width (once, in CI, a 320 px
      // page read with its wider layout's padding): what is still wrong a moment later is what a user would see
      await page.waitForTimeout(RELAYOUT_GRACE_MS)
      await nextFrames(page)
      found = await page.evaluate(FIND_PROBLEMS)
    }
    problems.push(...found.map((problem) => `${where} at ${width} px: ${problem}`))
    mkdirSync(join(shots, String(width)), { recursive: true })
    await page.screenshot({ path: join(shots, String(width), `${name}.png`) })
  }
  await page.setViewportSize(original)
  return problems
}
