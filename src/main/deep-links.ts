import { hasUnsafeUrlChars, MAX_URL_LENGTH, parseUrl } from '@shared/ipc/url-rules'

/**
 * `handover://` links → in-app routes. Anything on the machine can open such a link (a web page, an email,
 * another program), so the parser is an allow-list: a known host, an exact path shape, positive integer
 * ids, and query strings re-encoded so nothing reaches the renderer in a form the parser did not see.
 */

export const DEEP_LINK_SCHEME = 'handover'

const POSITIVE_ID = /^[1-9][0-9]{0,15}$/

// Scheme plus an authority that is a bare word: this refuses userinfo ("a@chat"), ports ("chat:1"),
// IP literals and percent-encoded hosts before the WHATWG parser gets a chance to normalise them.
const AUTHORITY = /^handover:\/\/([a-z]+)(?=[/?#]|$)/i

interface DeepLinkRule {
  /** Matches the path after the host; the first capture, if any, is an id. */
  path: RegExp
  toRoute: (id: string) => string
  /** Only provider callbacks carry parameters; id links with a query are refused. */
  allowsQuery: boolean
}

// Windows launchers sometimes append a trailing slash to custom-scheme links, hence `\/?$`.
const RULES: Readonly<Record<string, DeepLinkRule>> = {
  chat: { path: /^\/([^/]+)\/?$/, toRoute: (id) => `/chat/${id}`, allowsQuery: false },
  listing: { path: /^\/([^/]+)\/?$/, toRoute: (id) => `/listing/${id}`, allowsQuery: false },
  transaction: { path: /^\/([^/]+)\/?$/, toRoute: (id) => `/transaction/${id}`, allowsQuery: false },
  trustap: { path: /^\/auth\/callback\/?$/, toRoute: () => '/trustap/auth/callback', allowsQuery: true },
  payment: { path: /^\/return\/?$/, toRoute: () => '/payment/trustap/return', allowsQuery: true },
}

/** The in-app route for a `handover://` link, or null when the link is not one the app understands. */
export function parseDeepLink(link: string): string | null {
  if (link.length > MAX_URL_LENGTH || hasUnsafeUrlChars(link)) return null
  const authority = AUTHORITY.exec(link)
  const url = parseUrl(link)
  if (!authority || !url) return null

  const host = authority[1].toLowerCase()
  const rule = Object.hasOwn(RULES, host) ? RULES[host] : undefined
  if (!rule) return null

  const match = rule.path.exec(url.pathname)
  if (!match) return null
  const id = match[1]
  if (id !== undefined && !isPositiveId(id)) return null

  if (url.search !== '' && !rule.allowsQuery) return null
  // The fragment is dropped, not forwarded: no route reads it, and OAuth providers append junk like "#_=_".
  return rule.toRoute(id ?? '') + reencodeQuery(url.search)
}

/**
 * The first `handover:` argument of a command line. Windows and Linux deliver links as arguments to
 * the (second) instance; macOS uses the `open-url` event instead.
 */
export function findDeepLinkArg(argv: readonly string[]): string | undefined {
  return argv.find((arg) => arg.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}:`))
}

function isPositiveId(value: string): boolean {
  return POSITIVE_ID.test(value) && Number(value) <= Number.MAX_SAFE_INTEGER
}

/** Decodes and re-serialises the query so odd encodings arrive in one canonical, fully escaped form. */
function reencodeQuery(search: string): string {
  const encoded = new URLSearchParams(search).toString()
  return encoded === '' ? '' : `?${encoded}`
}
