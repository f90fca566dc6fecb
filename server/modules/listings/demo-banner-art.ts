import type { LivePlatform } from '@shared/api/listings'

/**
 * The drawings behind the demo listings' images: plain SVG (gradients, shapes, text in the
 * system's sans-serif), rendered to WebP by demo-banners.ts. Pure functions, no I/O.
 */

export const BANNER_WIDTH = 1200
export const BANNER_HEIGHT = 630

export type BannerLayout = 'spotlight' | 'dots' | 'waves' | 'growth' | 'mosaic'

export interface BannerArt {
  platform: LivePlatform
  layout: BannerLayout
  /** the big line of text; the niche on covers */
  headline: string
  /** the smaller line under it */
  caption: string
}

interface Palette {
  name: string
  /** gradient stops, top-left to bottom-right */
  stops: readonly string[]
  accent: string
}

const PALETTES: Record<LivePlatform, Palette> = {
  youtube: { name: 'YouTube', stops: ['#ff2a4d', '#c4001f', '#5c0014'], accent: '#ffd1d9' },
  instagram: { name: 'Instagram', stops: ['#feda75', '#fa7e1e', '#d62976', '#4f5bd5'], accent: '#fff1c9' },
  tiktok: { name: 'TikTok', stops: ['#0b0b0f', '#1b1b24', '#3a0d1c'], accent: '#25f4ee' },
  facebook: { name: 'Facebook', stops: ['#3b8bff', '#1877f2', '#0a3a8c'], accent: '#cfe2ff' },
  twitter: { name: 'Twitter / X', stops: ['#0f1419', '#1c2a38', '#1d4f78'], accent: '#1d9bf0' },
  telegram: { name: 'Telegram', stops: ['#5fd0f5', '#229ed9', '#0b5c8a'], accent: '#d9f3ff' },
}

const FONT = `font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif"`

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')
}

/** The largest font size (up to `max`) at which `text` fits `width`; bold sans-serif averages about 0.64 em a character. */
export function fittedSize(text: string, width: number, max: number): number {
  return Math.max(36, Math.min(max, Math.floor(width / (Math.max(1, text.length) * 0.64))))
}

function gradient(palette: Palette): string {
  const last = palette.stops.length - 1
  const stops = palette.stops.map((color, i) => `<stop offset="${(i / last).toFixed(2)}" stop-color="${color}"/>`).join('')
  return `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">${stops}</linearGradient>
    <radialGradient id="glow" cx="0.82" cy="0.18" r="0.7"><stop offset="0" stop-color="#ffffff" stop-opacity="0.32"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>`
}

/** The platform's name in a pill; never in the top-left corner, where the site puts its own platform badge. */
function pill(palette: Palette, x: number, y: number, anchor: 'start' | 'middle' | 'end' = 'start'): string {
  const size = 28
  // bold glyphs run wider than the average; the pill errs on the roomy side
  const width = Math.ceil(palette.name.length * size * 0.62) + 76
  const left = anchor === 'middle' ? x - width / 2 : anchor === 'end' ? x - width : x
  return `<rect x="${left}" y="${y}" width="${width}" height="56" rx="28" fill="#000000" fill-opacity="0.28"/>
    <circle cx="${left + 30}" cy="${y + 28}" r="8" fill="${palette.accent}"/>
    <text x="${left + 48}" y="${y + 38}" ${FONT} font-size="${size}" font-weight="700" fill="#ffffff">${escapeXml(palette.name)}</text>`
}

function titleBlock(art: BannerArt, x: number, y: number, anchor: 'start' | 'middle', width: number): string {
  const size = fittedSize(art.headline, width, 112)
  return `<text x="${x}" y="${y}" text-anchor="${anchor}" ${FONT} font-size="${size}" font-weight="700" fill="#ffffff" letter-spacing="-1">${escapeXml(art.headline)}</text>
    <text x="${x}" y="${y + 70}" text-anchor="${anchor}" ${FONT} font-size="34" fill="#ffffff" fill-opacity="0.86">${escapeXml(art.caption)}</text>`
}

const LAYOUTS: Record<BannerLayout, (art: BannerArt, palette: Palette) => string> = {
  spotlight: (art, palette) => `
    <circle cx="1020" cy="150" r="230" fill="#ffffff" fill-opacity="0.09"/>
    <circle cx="1080" cy="530" r="150" fill="none" stroke="#ffffff" stroke-opacity="0.2" stroke-width="26"/>
    <circle cx="870" cy="420" r="46" fill="${palette.accent}" fill-opacity="0.55"/>
    <rect x="80" y="190" width="128" height="10" rx="5" fill="${palette.accent}"/>
    ${titleBlock(art, 80, 330, 'start', 760)}
    ${pill(palette, 80, 480)}`,

  dots: (art, palette) => `
    <defs><pattern id="dot" width="36" height="36" patternUnits="userSpaceOnUse"><circle cx="18" cy="18" r="3" fill="#ffffff" fill-opacity="0.16"/></pattern></defs>
    <rect width="${BANNER_WIDTH}" height="${BANNER_HEIGHT}" fill="url(#dot)"/>
    <rect x="150" y="150" width="900" height="330" rx="40" fill="#000000" fill-opacity="0.18"/>
    ${pill(palette, 1120, 70, 'end')}
    ${titleBlock(art, 600, 320, 'middle', 820)}
    <rect x="540" y="430" width="120" height="8" rx="4" fill="${palette.accent}"/>`,

  waves: (art, palette) => `
    <path d="M0 470 C 220 410 420 540 640 480 S 1020 380 1200 440 L1200 630 L0 630 Z" fill="#ffffff" fill-opacity="0.1"/>
    <path d="M0 530 C 260 470 480 600 720 545 S 1060 480 1200 520 L1200 630 L0 630 Z" fill="#ffffff" fill-opacity="0.14"/>
    <path d="M0 590 C 300 550 560 640 820 600 S 1100 560 1200 585 L1200 630 L0 630 Z" fill="${palette.accent}" fill-opacity="0.35"/>
    ${pill(palette, 1120, 70, 'end')}
    ${titleBlock(art, 80, 290, 'start', 1000)}`,

  growth: (art, palette) => {
    const heights = [90, 130, 120, 175, 210, 260, 320]
    const bars = heights
      .map(
        (h, i) =>
          `<rect x="${640 + i * 70}" y="${520 - h}" width="44" height="${h}" rx="10" fill="#ffffff" fill-opacity="${(0.18 + i * 0.08).toFixed(2)}"/>`,
      )
      .join('')
    const line = heights.map((h, i) => `${662 + i * 70},${490 - h}`).join(' ')
    return `
    <rect x="600" y="110" width="530" height="450" rx="36" fill="#000000" fill-opacity="0.2"/>
    ${bars}
    <polyline points="${line}" fill="none" stroke="${palette.accent}" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>
    <circle cx="${662 + 6 * 70}" cy="${490 - heights[6]!}" r="14" fill="${palette.accent}"/>
    ${titleBlock(art, 80, 300, 'start', 480)}
    ${pill(palette, 80, 440)}`
  },

  mosaic: (art, palette) => {
    const tiles: string[] = []
    for (let row = 0; row < 4; row++) {
      for (let col = 0; col < 7; col++) {
        const opacity = 0.06 + (((row * 7 + col) * 37) % 23) / 100
        tiles.push(
          `<rect x="${40 + col * 165}" y="${30 + row * 145}" width="145" height="125" rx="24" fill="#ffffff" fill-opacity="${opacity.toFixed(2)}"/>`,
        )
      }
    }
    return `
    ${tiles.join('')}
    <rect x="170" y="150" width="860" height="320" rx="44" fill="#000000" fill-opacity="0.42"/>
    ${pill(palette, 600, 182, 'middle')}
    ${titleBlock(art, 600, 345, 'middle', 760)}`
  },
}

/** One 1200×630 banner as SVG. */
export function bannerSvg(art: BannerArt): string {
  const palette = PALETTES[art.platform]
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${BANNER_WIDTH}" height="${BANNER_HEIGHT}" viewBox="0 0 ${BANNER_WIDTH} ${BANNER_HEIGHT}">
  <defs>${gradient(palette)}</defs>
  <rect width="${BANNER_WIDTH}" height="${BANNER_HEIGHT}" fill="url(#bg)"/>
  <rect width="${BANNER_WIDTH}" height="${BANNER_HEIGHT}" fill="url(#glow)"/>
  ${LAYOUTS[art.layout](art, palette)}
</svg>`
}
