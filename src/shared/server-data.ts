/**
 * The data a server-rendered page was rendered with travels in the page as JSON, in a script element the browser
 * never runs (the CSP allows no inline script, and needs no exception for data), read by the app as it hydrates.
 */
export const SERVER_DATA_ID = 'handover-data'

/** The element carrying `data`, safe inside HTML: no `<` survives to close the element or open a comment. */
export function serverDataElement(data: unknown): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
  return `<script type="application/json" id="${SERVER_DATA_ID}">${json}</script>`
}

/** Logged when hydrating finds markup other than the app renders: React then renders that part again in the browser. */
export const HYDRATION_MISMATCH_LOG = 'The page differs from what the server rendered'
