import { z } from 'zod'

/** Every error leaves the server in this one shape; `message` is repeated at the top for the spec's client. */
export const apiErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
  message: z.string(),
})
export type ApiError = z.infer<typeof apiErrorSchema>
