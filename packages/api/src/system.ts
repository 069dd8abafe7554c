import { z } from 'zod'

// GET /api/health -> {"status":"ok"} once the app is ready
export const healthResponseSchema = z.object({ status: z.literal('ok') })
