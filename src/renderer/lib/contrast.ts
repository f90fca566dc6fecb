/** WCAG 2 contrast arithmetic for the few colours the code picks itself (platform brand colours behind text). */

function channels(hex: string): [number, number, number] {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex)
  if (!match) throw new Error(`Not a #rrggbb colour: ${hex}`)
  return [parseInt(match[1]!, 16), parseInt(match[2]!, 16), parseInt(match[3]!, 16)]
}

const linear = (channel: number) => {
  const c = channel / 255
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
}

/** Relative luminance of a #rrggbb colour, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map(linear) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** Contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

const hex = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`

/**
 * The colour darkened, keeping its hue, just enough for white text of normal size (4.5:1, WCAG AA); a colour
 * that already reaches it comes back unchanged. Brand colours like YouTube's red stay recognisable.
 */
export function darkenForWhiteText(color: string, ratio = 4.5): string {
  const rgb = channels(color)
  let scale = 1
  let candidate = color.toLowerCase()
  while (contrastRatio('#ffffff', candidate) < ratio) {
    scale -= 0.01
    candidate = hex(rgb.map((c) => c * scale))
  }
  return candidate
}
