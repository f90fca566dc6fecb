/**
 * Generates the desktop icons in resources/ from SVG: the app icon (PNG + Windows .ico), the tray icon and
 * the Windows taskbar overlays for the unread count (1-9, then 9+). Rasterised by headless Chromium so every
 * size is drawn from the vector, not scaled from 512 px.
 *
 *   npx tsx scripts/make-icons.ts            (CHROMIUM_PATH overrides /usr/bin/chromium)
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from 'playwright-core'

const BRAND = '#4f46e5'
const BRAND_LIGHT = '#6366f1'
const OUT_DIR = join(import.meta.dirname, '..', 'resources')

/**
 * An "H" whose crossbar is a pair of opposing arrows: the account goes one way, the money the other.
 * Small sizes drop the arrowheads (they would blur into noise) and thicken the strokes.
 */
function iconSvg(small: boolean): string {
  const stem = small ? 64 : 56
  const bar = small ? 38 : 28
  const arrows = small
    ? `<path d="M176 214 H336 M176 298 H336" stroke-width="${bar}"/>`
    : `<path d="M204 206 H284 M262 184 L284 206 L262 228" stroke-width="${bar}"/>
       <path d="M308 306 H228 M250 284 L228 306 L250 328" stroke-width="${bar}"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
    <defs><linearGradient id="tile" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${BRAND_LIGHT}"/><stop offset="1" stop-color="${BRAND}"/>
    </linearGradient></defs>
    <rect x="32" y="32" width="448" height="448" rx="104" fill="url(#tile)"/>
    <g fill="none" stroke="#fff" stroke-linecap="round" stroke-linejoin="round">
      <path d="M176 148 V364 M336 148 V364" stroke-width="${stem}"/>
      ${arrows}
    </g>
  </svg>`
}

/**
 * The macOS menu bar icon: the small "H" alone, black on transparent. macOS uses only its alpha and tints it for
 * the menu bar (a template image); the coloured tile would show there as a blank rounded square.
 */
function trayTemplateSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
    <g fill="none" stroke="#000" stroke-linecap="round" stroke-linejoin="round">
      <path d="M136 96 V416 M376 96 V416" stroke-width="88"/>
      <path d="M136 214 H376 M136 298 H376" stroke-width="52"/>
    </g>
  </svg>`
}

/** A red count badge like the bell's in the app, with a white rim that keeps it apart from the app icon. */
function overlaySvg(label: string): string {
  const fontSize = label.length > 1 ? 17 : 22
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
    <circle cx="16" cy="16" r="15" fill="#ef4444" stroke="#fff" stroke-width="2"/>
    <text x="16" y="16.5" fill="#fff" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-weight="bold"
      font-size="${fontSize}" text-anchor="middle" dominant-baseline="central" letter-spacing="-1">${label}</text>
  </svg>`
}

interface Raster {
  png: Buffer
  /** Straight-alpha RGBA, row by row from the top. */
  rgba: Buffer
}

interface RasterJob {
  svg: string
  sizes: readonly number[]
}

/** Every job's sizes, in one browser: the results come back in the order of `jobs`. */
async function rasterise(jobs: readonly RasterJob[]): Promise<Map<number, Raster>[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  })
  try {
    const page = await browser.newPage()
    const results: Map<number, Raster>[] = []
    for (const { svg, sizes } of jobs) {
      const result = new Map<number, Raster>()
      for (const size of sizes) {
        const { png, rgba } = await page.evaluate(
          async ({ markup, px }) => {
            const image = new Image()
            image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`
            await image.decode()
            const canvas = document.createElement('canvas')
            canvas.width = px
            canvas.height = px
            const context = canvas.getContext('2d')
            if (!context) throw new Error('no 2d context')
            context.drawImage(image, 0, 0, px, px)
            const pixels = context.getImageData(0, 0, px, px).data
            return { png: canvas.toDataURL('image/png').split(',')[1], rgba: Array.from(pixels) }
          },
          { markup: svg, px: size },
        )
        result.set(size, { png: Buffer.from(png, 'base64'), rgba: Buffer.from(rgba) })
      }
      results.push(result)
    }
    return results
  } finally {
    await browser.close()
  }
}

/** A 32-bit BMP icon entry (BITMAPINFOHEADER + bottom-up BGRA + AND mask), which every Windows tool reads. */
function bmpEntry(size: number, rgba: Buffer): Buffer {
  const header = Buffer.alloc(40)
  header.writeUInt32LE(40, 0)
  header.writeInt32LE(size, 4)
  header.writeInt32LE(size * 2, 8) // colour rows + mask rows
  header.writeUInt16LE(1, 12)
  header.writeUInt16LE(32, 14)
  const pixels = Buffer.alloc(size * size * 4)
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const from = (y * size + x) * 4
      const to = ((size - 1 - y) * size + x) * 4
      pixels[to] = rgba[from + 2]
      pixels[to + 1] = rgba[from + 1]
      pixels[to + 2] = rgba[from]
      pixels[to + 3] = rgba[from + 3]
    }
  }
  // Alpha carries transparency; the legacy AND mask stays all-zero (opaque), padded to 32-bit rows.
  const mask = Buffer.alloc(Math.ceil(size / 32) * 4 * size)
  return Buffer.concat([header, pixels, mask])
}

/** .ico with BMP entries for the small sizes and a PNG entry for 256 px (the Vista+ convention). */
function icoFile(images: ReadonlyMap<number, Raster>): Buffer {
  const entries = [...images].map(([size, raster]) => ({ size, data: size >= 256 ? raster.png : bmpEntry(size, raster.rgba) }))
  const directory = Buffer.alloc(6 + 16 * entries.length)
  directory.writeUInt16LE(1, 2)
  directory.writeUInt16LE(entries.length, 4)
  let offset = directory.length
  entries.forEach(({ size, data }, index) => {
    const at = 6 + 16 * index
    directory.writeUInt8(size >= 256 ? 0 : size, at) // 0 means 256
    directory.writeUInt8(size >= 256 ? 0 : size, at + 1)
    directory.writeUInt16LE(1, at + 4)
    directory.writeUInt16LE(32, at + 6)
    directory.writeUInt32LE(data.length, at + 8)
    directory.writeUInt32LE(offset, at + 12)
    offset += data.length
  })
  return Buffer.concat([directory, ...entries.map((entry) => entry.data)])
}

async function main(): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true })
  // Overlay file names match overlayImage() in src/main/badge.ts.
  const overlays = [
    ...['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((label) => ({ label, name: `overlay-${label}` })),
    { label: '9+', name: 'overlay-9plus' },
  ]
  const [large, small, trayTemplate, ...overlayRasters] = await rasterise([
    { svg: iconSvg(false), sizes: [512, 256, 128, 64] },
    { svg: iconSvg(true), sizes: [16, 24, 32, 48] },
    { svg: trayTemplateSvg(), sizes: [16, 32] },
    ...overlays.map(({ label }) => ({ svg: overlaySvg(label), sizes: [16, 32] })),
  ])
  const write = (name: string, data: Buffer) => {
    writeFileSync(join(OUT_DIR, name), data)
    console.log(`resources/${name}  ${data.length} bytes`)
  }
  const at = (images: Map<number, Raster>, size: number): Raster => {
    const raster = images.get(size)
    if (!raster) throw new Error(`missing ${size}px raster`)
    return raster
  }

  write('icon.png', at(large, 512).png)
  write('icon-256.png', at(large, 256).png)
  const icoSizes = [16, 24, 32, 48, 64, 128, 256]
  write('icon.ico', icoFile(new Map(icoSizes.map((size) => [size, at(size <= 48 ? small : large, size)]))))
  // Electron picks name@2x.png on high-density displays when given name.png. Tray and overlay icons are
  // 16 px at 1x on every platform (a taller image overflows the macOS menu bar).
  write('tray.png', at(small, 16).png)
  write('tray@2x.png', at(small, 32).png)
  // "Template" at the end of the name is what makes macOS treat the file as a template image.
  write('trayTemplate.png', at(trayTemplate, 16).png)
  write('trayTemplate@2x.png', at(trayTemplate, 32).png)
  overlays.forEach(({ name }, index) => {
    write(`${name}.png`, at(overlayRasters[index], 16).png)
    write(`${name}@2x.png`, at(overlayRasters[index], 32).png)
  })
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
