import { z } from 'zod'

/** GET /api/config: what the browser may know about the deployment. Never a secret. */
export const publicConfigSchema = z.object({
  appName: z.string(),
  environment: z.enum(['development', 'test', 'production']),
  google: z.object({ clientId: z.string(), scriptUrl: z.string() }),
  devMailbox: z.boolean(),
  avatarBaseUrl: z.string(),
  /** card payments: the PayPal JS SDK the buttons load (the local fake outside production) */
  paypal: z.object({ isEnabled: z.boolean(), clientId: z.string(), sdkBaseUrl: z.string() }),
  /** crypto payments through OxaPay; sandboxUrl: the local fake's page (development only) */
  crypto: z.object({
    isEnabled: z.boolean(),
    sessionMinutes: z.number().int(),
    sandboxUrl: z.string().nullable(),
  }),
})
export type PublicConfig = z.infer<typeof publicConfigSchema>
