import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { contrastRatio } from '@/lib/contrast'

/** The colour tokens of globals.css: the @theme block (light), and the .dark block over it. */
function palettes(): { light: Map<string, string>; dark: Map<string, string>; darkOwn: Map<string, string> } {
  const css = readFileSync(resolve(import.meta.dirname, 'globals.css'), 'utf8')
  const block = (opening: RegExp) => {
    const start = css.search(opening)
    if (start < 0) throw new Error(`globals.css has no ${opening}`)
    return css.slice(start, css.indexOf('}', start))
  }
  const tokens = (text: string) => new Map([...text.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]))
  const light = tokens(block(/@theme\s*{/))
  const darkOwn = tokens(block(/\.dark\s*{/))
  return { light, dark: new Map([...light, ...darkOwn]), darkOwn }
}

/** A token's #rrggbb value, following var() references. */
function colour(palette: Map<string, string>, name: string): string {
  let value = palette.get(`--color-${name}`)
  for (let hops = 0; value?.startsWith('var('); hops++) {
    if (hops > 5) throw new Error(`var() loop at ${name}`)
    value = palette.get(/var\((--[\w-]+)\)/.exec(value)![1]!)
  }
  if (!value || !/^#[0-9a-f]{6}$/i.test(value)) throw new Error(`--color-${name} is not a #rrggbb colour: ${value}`)
  return value
}

// text and what it sits on (WCAG AA, normal size: 4.5:1)
const TEXT_PAIRS = [
  ['foreground', 'background'],
  ['foreground', 'muted'],
  ['card-foreground', 'card'],
  ['muted-foreground', 'background'],
  ['muted-foreground', 'card'],
  ['muted-foreground', 'muted'],
  ['primary-foreground', 'primary'],
  ['accent-foreground', 'accent'],
  ['destructive-foreground', 'destructive'],
  ['destructive', 'background'],
  ['destructive', 'card'],
  ['success', 'card'],
  ['warning', 'card'],
  ['info', 'card'],
] as const

// controls against what is around them (WCAG 1.4.11: 3:1)
const UI_PAIRS = [
  ['input', 'card'],
  ['input', 'background'],
  ['ring', 'background'],
  ['ring', 'card'],
  ['primary', 'background'],
] as const

describe('colour tokens', () => {
  const { light, dark, darkOwn } = palettes()

  it('set every semantic token in the dark theme, none left to its light value by omission', () => {
    const semantic = new Set<string>([...TEXT_PAIRS.flat(), ...UI_PAIRS.flat(), 'border'])
    for (const name of semantic) expect(darkOwn.has(`--color-${name}`), name).toBe(true)
  })

  it.each([
    ['light', light],
    ['dark', dark],
  ])('keep text at 4.5:1 in the %s theme', (_name, palette) => {
    for (const [text, surface] of TEXT_PAIRS) {
      expect(contrastRatio(colour(palette, text), colour(palette, surface)), `${text} on ${surface}`).toBeGreaterThanOrEqual(4.5)
    }
  })

  it('keep inputs, the focus ring and primary buttons at 3:1 in the dark theme', () => {
    for (const [control, surface] of UI_PAIRS) {
      expect(contrastRatio(colour(dark, control), colour(dark, surface)), `${control} on ${surface}`).toBeGreaterThanOrEqual(3)
    }
  })
})
