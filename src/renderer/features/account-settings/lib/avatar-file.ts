import { ACCOUNT_MESSAGES, ACCOUNT_RULES } from '@shared/api/account-settings'

/**
 * What the browser can tell before uploading: the declared type and the size. The server still decides by the
 * bytes themselves; this only spares a 5 MB upload that would be refused anyway.
 */
export function avatarFileProblem(file: { type: string; size: number }): string | null {
  if (!(ACCOUNT_RULES.avatarTypes as readonly string[]).includes(file.type)) return ACCOUNT_MESSAGES.avatarType
  if (file.size > ACCOUNT_RULES.avatarMaxBytes) return ACCOUNT_MESSAGES.avatarSize
  return null
}
