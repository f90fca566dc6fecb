/**
 * Start-up failure screens drawn with plain DOM and inline styles: they must work when React,
 * the app chunk or the stylesheet is exactly what failed to load.
 */

export const FATAL_SCREENS = {
  loadingIssue: {
    title: 'Loading Issue Detected',
    message: 'The app is taking longer than expected to load. Reloading the page usually fixes this.',
  },
  initFailed: {
    title: 'App Initialization Failed',
    message: 'Something prevented the app from starting. Please reload the page to try again.',
  },
} as const

export function showFatalScreen(container: HTMLElement, screen: { title: string; message: string }): void {
  const wrapper = document.createElement('div')
  wrapper.setAttribute('role', 'alert')
  wrapper.style.cssText =
    'min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px;background:#0a1128;color:#fff;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;text-align:center'

  const card = document.createElement('div')
  card.style.cssText = 'max-width:420px'
  const title = document.createElement('h1')
  title.textContent = screen.title
  title.style.cssText = 'font-size:24px;font-weight:700;margin:0 0 12px'
  const message = document.createElement('p')
  message.textContent = screen.message
  message.style.cssText = 'color:#c5d0e6;line-height:1.5;margin:0 0 24px'
  const button = document.createElement('button')
  button.type = 'button'
  button.textContent = 'Reload Page'
  button.style.cssText =
    'background:#34e0a1;color:#0a1128;border:0;border-radius:12px;padding:12px 24px;font-weight:600;font-size:15px;cursor:pointer'
  button.addEventListener('click', () => window.location.reload())

  card.append(title, message, button)
  wrapper.append(card)
  container.replaceChildren(wrapper)
}
