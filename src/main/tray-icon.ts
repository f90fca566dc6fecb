/**
 * macOS draws menu bar icons itself, black or white with the menu bar's appearance, when they are template
 * images; a coloured icon would stay dark on a dark menu bar. Windows and Linux panels show the icon as drawn.
 */
export function isTemplateTrayIcon(platform: string): boolean {
  return platform === 'darwin'
}
