/**
 * The sender's own id for a message (the contract allows letters, digits, '.', '_', ':' and '-'):
 * a retry sends the same one, so the server stores the message once however often it arrives.
 * getRandomValues, unlike randomUUID, also works on plain-http addresses other than localhost.
 */
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12))
  return `web-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
}
