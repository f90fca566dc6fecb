import { AxeBuilder } from '@axe-core/playwright'
import type { Result, RunOptions } from 'axe-core'
import type { Page } from 'playwright-core'

/** One axe rule broken on one screen, with the elements that break it. */
export interface Finding {
  where: string
  rule: string
  impact: string
  help: string
  nodes: { target: string; why: string }[]
}

const BLOCKING = new Set(['serious', 'critical'])

/**
 * A one-digit unread count is text too: by default axe leaves single characters for a person to judge. axe merges a
 * check's options given at run time into its defaults; axe-core's typings leave `checks` out of RunOptions.
 */
export const COUNT_DIGITS_AS_TEXT: RunOptions & { checks: Record<string, { options: Record<string, unknown> }> } = {
  checks: { 'color-contrast': { options: { ignoreLength: true } } },
}
const NODES_SHOWN = 5

/**
 * Every serious or critical axe violation on the page as it is now, all rules on (WCAG A/AA and axe's best
 * practices). `where` names the screen in the report.
 */
export async function axeViolations(page: Page, where: string): Promise<Finding[]> {
  // Legacy mode runs in the page itself instead of gathering the frames' results in a new blank page: two to
  // three times faster, and the site has no iframes. Passes and incomplete results are not read, so not built.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'], ...COUNT_DIGITS_AS_TEXT })
    .analyze()
  return results.violations.filter((v) => BLOCKING.has(v.impact ?? '')).map((v) => toFinding(v, where))
}

function toFinding(v: Result, where: string): Finding {
  return {
    where,
    rule: v.id,
    impact: v.impact ?? 'serious',
    help: v.help,
    nodes: v.nodes.map((n) => ({
      target: n.target.map(String).join(' >> '),
      why: [...n.any, ...n.all, ...n.none]
        .map((check) => check.message)
        .filter(Boolean)
        .join('; '),
    })),
  }
}

/**
 * The page's colour contrast in the dark theme: the system turns dark, the page follows (no reload), axe checks the
 * contrast rule only (the other rules do not depend on the theme), and the system turns light again. Every finding
 * is serious: text that cannot be read.
 */
export async function darkContrastViolations(page: Page, where: string): Promise<Finding[]> {
  await page.emulateMedia({ colorScheme: 'dark' })
  try {
    // polled on a timer, not on animation frames: Chromium stalls a page's frames at times (see `settle`), and a
    // frame-polled wait then never looks again (one CI run timed out here with the class long applied, most likely)
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'), undefined, { polling: 100 })
    const results = await new AxeBuilder({ page })
      .setLegacyMode(true)
      .options({ resultTypes: ['violations'], ...COUNT_DIGITS_AS_TEXT }) // before withRules, which adds to the options (and options() replaces them)
      .withRules(['color-contrast'])
      .analyze()
    return results.violations.map((v) => toFinding(v, `${where}, dark`))
  } finally {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'), undefined, { polling: 100 })
  }
}

/** The findings as a list a person can act on: screen, rule, impact, what to do, and the first few elements. */
export function reportViolations(findings: Finding[]): string {
  if (findings.length === 0) return 'no violations'
  const lines = findings.flatMap((f) => [
    `${f.where}: ${f.rule} (${f.impact}) ${f.help}`,
    ...f.nodes.slice(0, NODES_SHOWN).map((n) => `    ${n.target}${n.why ? ` — ${n.why}` : ''}`),
    ...(f.nodes.length > NODES_SHOWN ? [`    … and ${f.nodes.length - NODES_SHOWN} more`] : []),
  ])
  return `${findings.length} serious or critical axe violation(s):\n${lines.join('\n')}`
}
