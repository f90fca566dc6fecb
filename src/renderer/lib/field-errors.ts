import type { z } from 'zod'

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>

/**
 * Validates with the shared schema (so messages match the server's exactly) and keeps the first
 * message per field, which is what the form shows under each input.
 */
export function validate<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { data: z.output<S>; errors: null } | { data: null; errors: FieldErrors<z.input<S>> } {
  const result = schema.safeParse(values)
  if (result.success) return { data: result.data, errors: null }
  const errors: Record<string, string> = {}
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '')
    if (field && !(field in errors)) errors[field] = issue.message
  }
  return { data: null, errors: errors as FieldErrors<z.input<S>> }
}
