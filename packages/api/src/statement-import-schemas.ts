import { accountSizeKSchema } from '@tp/domain/plans'
import { tradeSchema } from '@tp/domain/trades'
import { z } from 'zod'
import { accountMetricsSchema } from './analytics'

// The schemas of /api/statement-imports (issue 12 item 8; the words are statement-import.ts).

/** A saved import as the analytics account switcher lists it: read-only, never tradable. */
export const importedAccountSchema = z.object({
  id: z.string(),
  kind: z.literal('imported'),
  isTradable: z.literal(false),
  /** the file's name as dropped */
  name: z.string(),
  platform: z.enum(['MT4', 'MT5']),
  login: z.string(),
  currency: z.string(),
  totalTrades: z.number().int().nonnegative(),
  totalNetProfit: z.number(),
  /** open time of the first and close time of the last trade; null without trades */
  firstTradeAt: z.string().nullable(),
  lastTradeAt: z.string().nullable(),
  createdAt: z.string(),
})
export type ImportedAccount = z.infer<typeof importedAccountSchema>

export const statementImportParamsSchema = z.strictObject({ importId: z.uuid() })

/** GET /api/statement-imports/:importId/metrics?sizeK=: the account size the what-if judges at */
export const statementImportMetricsQuerySchema = z.strictObject({
  sizeK: z.coerce.number().pipe(accountSizeKSchema).default(100),
})

/** The metrics page's figures of a saved import (the same shape as an account's). */
export const statementImportMetricsResponseSchema = z.object({
  data: z.object({ account: importedAccountSchema, metrics: accountMetricsSchema }),
})

/** The multipart form of POST /api/statement-imports (documented; the route reads the stream). */
export const statementImportFormSchema = z.object({
  file: z.unknown().describe('the statement file (binary)'),
})

export const saveStatementImportResponseSchema = z.object({ data: importedAccountSchema })
export const listStatementImportsResponseSchema = z.object({ data: z.array(importedAccountSchema) })

const statementSummarySchema = z.object({
  totalNetProfit: z.number(),
  grossProfit: z.number(),
  grossLoss: z.number(),
  profitFactor: z.number().nullable(),
  expectedPayoff: z.number(),
  absoluteDrawdown: z.number(),
  maximalDrawdown: z.number(),
  maximalDrawdownPercent: z.number(),
  relativeDrawdownPercent: z.number(),
  relativeDrawdown: z.number(),
  totalTrades: z.number().int(),
  shortTrades: z.number().int(),
  shortTradesWonPercent: z.number(),
  longTrades: z.number().int(),
  longTradesWonPercent: z.number(),
  profitTrades: z.number().int(),
  lossTrades: z.number().int(),
  largestProfitTrade: z.number(),
  largestLossTrade: z.number(),
  averageProfitTrade: z.number(),
  averageLossTrade: z.number(),
  maxConsecutiveWins: z.number().int(),
  maxConsecutiveWinsAmount: z.number(),
  maxConsecutiveLosses: z.number().int(),
  maxConsecutiveLossesAmount: z.number(),
  maximalConsecutiveProfit: z.number(),
  maximalConsecutiveProfitCount: z.number().int(),
  maximalConsecutiveLoss: z.number(),
  maximalConsecutiveLossCount: z.number().int(),
})

/** GET /api/statement-imports/:importId: the saved report, as `engine report` prints it. */
export const statementImportReportResponseSchema = z.object({
  data: z.object({
    account: importedAccountSchema,
    summary: statementSummarySchema,
    trades: z.array(tradeSchema.extend({ closeTime: z.string(), closePrice: z.number() })),
  }),
})
export type StatementImportReport = z.infer<typeof statementImportReportResponseSchema>['data']
export type StatementImportMetricsResponse = z.infer<typeof statementImportMetricsResponseSchema>
