import { accountSizeKSchema } from '@tp/domain/plans'
import { z } from 'zod'
import { accountMetricsSchema } from './analytics'
import { tradeLockerMessages } from './tradelocker-messages'

// TradeLocker linked accounts (issue 15 item 8, spec 7 `POST tradelocker/refresh`, decision
// 0044): a trader links their TradeLocker login (email, password, broker server, demo or live);
// the password is used once to get tokens and never stored, the tokens are kept sealed. The
// trader chooses which of the login's accounts to import; their order history becomes a
// read-only "linked" account of the trader's analytics, refreshed every 30 minutes while linked.
// Money: the broker's account currency, as numbers (cents in the database).

export { tradeLockerMessages }

export const tradeLockerAccountTypes = ['demo', 'live'] as const
export const tradeLockerAccountTypeSchema = z.enum(tradeLockerAccountTypes, {
  error: 'Choose demo or live.',
})
export type TradeLockerAccountType = z.infer<typeof tradeLockerAccountTypeSchema>

const required = (schema: z.ZodType<string, string>) =>
  z
    .string({ error: tradeLockerMessages.allFieldsRequired })
    .trim()
    .min(1, tradeLockerMessages.allFieldsRequired)
    .pipe(schema)

/** POST /api/tradelocker/links: sign in to TradeLocker once (the password is not kept). */
export const linkTradeLockerBodySchema = z.strictObject({
  email: required(z.email(tradeLockerMessages.emailFormat).max(254)),
  password: z
    .string({ error: tradeLockerMessages.allFieldsRequired })
    .min(1, tradeLockerMessages.allFieldsRequired)
    .max(128, tradeLockerMessages.passwordTooLong),
  server: required(
    z
      .string()
      .max(64, tradeLockerMessages.serverFormat)
      .regex(/^[\w.\- ]+$/, tradeLockerMessages.serverFormat),
  ),
  accountType: tradeLockerAccountTypeSchema,
})
export type LinkTradeLockerBody = z.infer<typeof linkTradeLockerBodySchema>

/** One of a TradeLocker login's accounts (all-accounts), as offered for import. */
export const tradeLockerAvailableAccountSchema = z.object({
  /** TradeLocker's account id */
  id: z.string(),
  accNum: z.string(),
  name: z.string(),
  currency: z.string(),
  status: z.string(),
  balance: z.number(),
  isImported: z.boolean(),
})

/** A linked account as the analytics account switcher lists it: read-only, never tradable. */
export const linkedAccountSchema = z.object({
  id: z.string(),
  kind: z.literal('linked'),
  source: z.literal('tradelocker'),
  isTradable: z.literal(false),
  linkId: z.string(),
  /** TradeLocker's account id and account number */
  tradeLockerId: z.string(),
  accNum: z.string(),
  name: z.string(),
  server: z.string(),
  accountType: tradeLockerAccountTypeSchema,
  currency: z.string(),
  balance: z.number(),
  totalTrades: z.number().int().nonnegative(),
  totalNetProfit: z.number(),
  lastImportedAt: z.string().nullable(),
})
export type LinkedAccount = z.infer<typeof linkedAccountSchema>

export const tradeLockerLinkSchema = z.object({
  id: z.string(),
  email: z.string(),
  server: z.string(),
  accountType: tradeLockerAccountTypeSchema,
  /** needs-login: a refresh was refused; the trader signs in again */
  status: z.enum(['active', 'needs-login']),
  lastError: z.string().nullable(),
  lastRefreshedAt: z.string().nullable(),
  createdAt: z.string(),
  accounts: z.array(linkedAccountSchema),
})
export type TradeLockerLink = z.infer<typeof tradeLockerLinkSchema>

export const linkTradeLockerResponseSchema = z.object({
  data: z.object({
    link: tradeLockerLinkSchema,
    available: z.array(tradeLockerAvailableAccountSchema),
  }),
})
export type LinkTradeLockerResult = z.infer<typeof linkTradeLockerResponseSchema>['data']

export const listTradeLockerLinksResponseSchema = z.object({ data: z.array(tradeLockerLinkSchema) })
export const listLinkedAccountsResponseSchema = z.object({ data: z.array(linkedAccountSchema) })
export const tradeLockerLinkResponseSchema = z.object({ data: tradeLockerLinkSchema })
export const tradeLockerAvailableResponseSchema = z.object({
  data: z.array(tradeLockerAvailableAccountSchema),
})

export const tradeLockerLinkParamsSchema = z.strictObject({ linkId: z.uuid() })
export const linkedAccountParamsSchema = z.strictObject({ linkedAccountId: z.uuid() })

/** POST /api/tradelocker/links/:linkId/accounts: TradeLocker account ids to import. */
export const importTradeLockerAccountsBodySchema = z.strictObject({
  accounts: z
    .array(z.string().trim().min(1).max(40), { error: tradeLockerMessages.chooseAccount })
    .min(1, tradeLockerMessages.chooseAccount)
    .max(50),
})

/** POST /api/tradelocker/refresh (spec 7): rotates the caller's link's tokens. */
export const tradeLockerRefreshBodySchema = z.strictObject({
  refreshToken: z
    .string({ error: tradeLockerMessages.refreshRefused })
    .min(1, tradeLockerMessages.refreshRefused)
    .max(4096),
  accountType: tradeLockerAccountTypeSchema,
})
export const tradeLockerRefreshResponseSchema = z.object({
  data: z.object({ newAccessToken: z.string(), newRefreshToken: z.string() }),
})

export const linkedAccountMetricsQuerySchema = z.strictObject({
  sizeK: z.coerce.number().pipe(accountSizeKSchema).default(100),
})
export const linkedAccountMetricsResponseSchema = z.object({
  data: z.object({ account: linkedAccountSchema, metrics: accountMetricsSchema }),
})
