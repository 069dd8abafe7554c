import { z } from 'zod'

/** Every error the API answers has this body; `message` is safe to show to a user. */
export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
})
export type ErrorBody = z.infer<typeof errorBodySchema>
