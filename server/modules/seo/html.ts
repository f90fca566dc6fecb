/** Text for HTML: every character that could open a tag, end an attribute or start an entity is escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/**
 * JSON inside <script>: `</script>` or `<!--` in user text must not end the element early, and
 * U+2028/U+2029 must not break older parsers, so those characters become JSON escapes.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
