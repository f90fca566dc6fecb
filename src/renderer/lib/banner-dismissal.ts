/**
 * A dismissed maintenance banner stays hidden for the rest of the browser session (sessionStorage), and only
 * that text: a new announcement shows again. Storage that cannot be used (private mode, a sandbox) just means
 * the banner comes back on the next page load.
 */
const KEY = 'handover.dismissed-banner'

export function isBannerDismissed(text: string): boolean {
  try {
    return sessionStorage.getItem(KEY) === text
  } catch {
    return false
  }
}

export function dismissBanner(text: string): void {
  try {
    sessionStorage.setItem(KEY, text)
  } catch {
    // not remembered; the banner still closes for this page
  }
}
