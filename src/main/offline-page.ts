import { createHash } from 'node:crypto'
import { isLoopbackHost, SERVER_URL_HTTPS_MESSAGE } from '@shared/ipc/url-rules'

/**
 * The screen shown instead of the app when its server cannot be reached. Self-contained (no request leaves
 * it), in the app's colours, with Retry and a field to point the app at another server through the bridge:
 * it is served at the server's origin, so the preload gives it `window.desktop`.
 */

export interface OfflinePageOptions {
  serverOrigin: string
  /** HANDOVER_SERVER_URL is set: it wins over the saved address, so the field would change nothing. */
  fromEnvironment: boolean
  /** The page itself failed (it crashed twice, crash-recovery.ts): said instead of "can't reach the server". */
  failure?: string
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px;
background:#0a1128;color:#fff;font:15px/1.5 Inter,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:100%;max-width:460px;text-align:center}
.mark{width:56px;height:56px;margin:0 auto 20px;border-radius:16px;background:#172447;display:flex;
align-items:center;justify-content:center;color:#34e0a1;font-size:28px;font-weight:700}
h1{font-size:24px;margin:0 0 12px}
p{color:#c5d0e6;margin:0 0 24px}
strong{color:#fff;word-break:break-all}
button{background:#34e0a1;color:#0a1128;border:0;border-radius:12px;padding:12px 24px;font:inherit;font-weight:600;cursor:pointer}
button:hover{background:#7ff0c4}
button:disabled{opacity:.6;cursor:default}
button:focus-visible,input:focus-visible{outline:2px solid #7ff0c4;outline-offset:2px}
form,.note{margin-top:32px;padding-top:24px;border-top:1px solid #24345c;text-align:left}
label{display:block;font-weight:600;margin-bottom:8px}
.row{display:flex;gap:8px}
input{flex:1;min-width:0;background:#0f1a38;color:#fff;border:1px solid #344773;border-radius:12px;padding:11px 14px;font:inherit}
.secondary{background:#172447;color:#fff;border:1px solid #344773}
.secondary:hover{background:#24345c}
.status{min-height:1.5em;margin:8px 0 0;font-size:14px;color:#9aabcf}
.note{font-size:14px;color:#9aabcf}
code{color:#fff}
`

/**
 * The page tries again on its own, every reload waiting twice as long (5 s, 10 s, 20 s … up to a minute), so a
 * server that restarts is picked up without a click and one that is gone is not asked every few seconds. Each try
 * is a reload, which main answers with the app once the server answers its health check. The count of tries
 * survives the reloads in sessionStorage; a count older than the longest wait belongs to an earlier outage.
 */
export const OFFLINE_RETRY = { firstSeconds: 5, capSeconds: 60, storageKey: 'handover-offline-retry' } as const

const SCRIPT = `
const RETRY = ${JSON.stringify(OFFLINE_RETRY)}
function retryNow(tries) {
  try {
    sessionStorage.setItem(RETRY.storageKey, JSON.stringify({ tries: tries + 1, at: Date.now() }))
  } catch {}
  location.reload()
}
function triesSoFar() {
  try {
    const saved = JSON.parse(sessionStorage.getItem(RETRY.storageKey) || 'null')
    const recent = saved && Date.now() - saved.at < (RETRY.capSeconds + 30) * 1000
    return recent && Number.isInteger(saved.tries) && saved.tries > 0 ? saved.tries : 0
  } catch {
    return 0
  }
}
const tries = triesSoFar()
document.getElementById('retry').addEventListener('click', () => retryNow(tries))
const countdown = document.getElementById('retry-countdown')
if (countdown) {
  let left = Math.min(RETRY.firstSeconds * 2 ** tries, RETRY.capSeconds)
  const tick = () => {
    if (left <= 0) {
      countdown.textContent = 'Retrying…'
      return retryNow(tries)
    }
    countdown.textContent = 'Retrying in ' + left + ' s'
    left -= 1
    setTimeout(tick, 1000)
  }
  tick()
}
const form = document.getElementById('server-form')
// the bridge's rule (url-rules.ts), so the page can say why instead of only that the address was refused
const isLoopbackHost = ${isLoopbackHost.toString()}
function isPlainHttpElsewhere(value) {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' && !isLoopbackHost(url.hostname)
  } catch {
    return false
  }
}
if (form) {
  const status = document.getElementById('server-status')
  const button = form.querySelector('button')
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    button.disabled = true
    status.textContent = 'Connecting…'
    const url = form.elements.namedItem('url').value.trim()
    if (isPlainHttpElsewhere(url)) {
      status.textContent = ${JSON.stringify(SERVER_URL_HTTPS_MESSAGE)}
      button.disabled = false
      return
    }
    try {
      const result = await window.desktop.setServerUrl({ url })
      // A new address reloads the window from the main process; the same one is simply tried again. Main asks the
      // user first: a new address they did not confirm leaves everything as it was.
      if (result.url !== location.origin) return
      if (new URL(url).origin === location.origin) return location.reload()
      status.textContent = 'The server address was not changed.'
      button.disabled = false
    } catch {
      status.textContent = 'Enter a full address such as https://handover.example, without a user name or password.'
      button.disabled = false
    }
  })
}
`

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`
}

/** Only the page's own inline style and script run; it loads nothing and submits nowhere. */
export const OFFLINE_PAGE_POLICY = [
  "default-src 'none'",
  `script-src ${sha256(SCRIPT)}`,
  `style-src ${sha256(STYLE)}`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

export function renderOfflinePage({ serverOrigin, fromEnvironment, failure }: OfflinePageOptions): string {
  const address = escapeHtml(serverOrigin)
  const problem =
    failure === undefined
      ? `<h1>Can't reach Handover</h1>
  <p>The Handover server at <strong>${address}</strong> cannot be reached. Check your internet connection,
  or whether the server is running, and try again.</p>`
      : `<h1>Handover stopped</h1>
  <p>${escapeHtml(failure)} Retry loads it again.</p>`
  // A page that crashed twice would crash again on its own retries; it waits for the user's Retry.
  const countdown = failure === undefined ? '<p id="retry-countdown" class="status"></p>' : ''
  const change = fromEnvironment
    ? `<p class="note">This address comes from the <code>HANDOVER_SERVER_URL</code> environment variable; change it there.</p>`
    : `<form id="server-form">
      <label for="server-url">Server address</label>
      <div class="row">
        <input id="server-url" name="url" type="url" required maxlength="2048" value="${address}" autocomplete="url" spellcheck="false">
        <button type="submit" class="secondary">Connect</button>
      </div>
      <p id="server-status" class="status" role="status" aria-live="polite"></p>
    </form>`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Handover — can't reach the server</title>
<style>${STYLE}</style>
</head>
<body>
<main>
  <div class="mark" aria-hidden="true">H</div>
  ${problem}
  <button type="button" id="retry">Retry</button>
  ${countdown}
  ${change}
</main>
<script>${SCRIPT}</script>
</body>
</html>`
}

/** 503 so nothing (the service worker included) keeps this page as if it were the app. */
export function offlineResponse(options: OfflinePageOptions): Response {
  return new Response(renderOfflinePage(options), {
    status: 503,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': OFFLINE_PAGE_POLICY,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}
