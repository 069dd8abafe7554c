import {
  analyticsRequestSchema,
  journalListRequestSchema,
  journalListResponseSchema,
  metaStatsAccountMetricsResponseSchema,
  saveJournalEntryRequestSchema,
  saveJournalEntryResponseSchema,
  metaStatsTotalStatsResponseSchema,
  metaStatsTradesResponseSchema,
  metaStatsUpdateAnalysisResponseSchema,
  metaStatsVisualStatsResponseSchema,
  metaStatsVisualTradesResponseSchema,
  visualTradesRequestSchema,
} from '@tp/api'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../../context'
import {
  compiledSerializerCompiler,
  sharedAnswerSerializerCompiler,
} from '../../lib/compiled-serializer'
import { bearerAuth, errorResponses } from '../../lib/route-schemas'
import { authenticate, callerOf } from '../access/authenticate'
import { getAccountMetrics } from './get-account-metrics'
import { getAnalysis } from './get-analysis'
import { getTotalStats } from './get-total-stats'
import { getVisualStats } from './get-visual-stats'
import { getVisualTrades } from './get-visual-trades'
import { listAccountTrades } from './list-account-trades'
import { listJournalEntries } from './list-journal-entries'
import { saveJournalEntry } from './save-journal-entry'

// The dashboard's analytics (spec 2.12, 3, 7; packages/api/src/analytics.ts): POST
// /api/metaStats/*, the caller from the token, a body email only the caller's own, the account
// through the access policy (owner or admin), figures by @tp/domain from the platform's trades.
// Hot reads (every dashboard opening makes them all): answered through the compiled serializer
// (lib/compiled-serializer.ts), the same bytes as zod's (test/analytics-dashboard.test.ts).

export function analyticsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['analytics']
    // before body validation: a caller without a token learns nothing about the API
    app.addHook('onRequest', authenticate(ctx))
    const errors = errorResponses(401, 403, 404, 422)

    app.post(
      '/metaStats/trades',
      {
        schema: {
          tags,
          summary: 'Recent Trades: the most recently closed trades, newest first',
          security: bearerAuth,
          body: analyticsRequestSchema,
          response: { 200: metaStatsTradesResponseSchema, ...errors },
        },
        serializerCompiler: sharedAnswerSerializerCompiler,
      },
      async (request) => listAccountTrades(ctx, callerOf(request), request.body),
    )

    app.post(
      '/metaStats/total-stats',
      {
        schema: {
          tags,
          summary: 'Summary cards: balance, equity, profit, today, trades, win trades, hold time',
          security: bearerAuth,
          body: analyticsRequestSchema,
          response: { 200: metaStatsTotalStatsResponseSchema, ...errors },
        },
        serializerCompiler: compiledSerializerCompiler,
      },
      async (request) => getTotalStats(ctx, callerOf(request), request.body),
    )

    app.post(
      '/metaStats/visual-stats',
      {
        schema: {
          tags,
          summary: 'Win rate, profit/loss by hour and by weekday',
          security: bearerAuth,
          body: analyticsRequestSchema,
          response: { 200: metaStatsVisualStatsResponseSchema, ...errors },
        },
        serializerCompiler: sharedAnswerSerializerCompiler,
      },
      async (request) => getVisualStats(ctx, callerOf(request), request.body),
    )

    app.post(
      '/metaStats/visual-trades',
      {
        schema: {
          tags,
          summary:
            'Profit by position size, duration, symbol and type; trades by month, week or year',
          security: bearerAuth,
          body: visualTradesRequestSchema,
          response: { 200: metaStatsVisualTradesResponseSchema, ...errors },
        },
        serializerCompiler: sharedAnswerSerializerCompiler,
      },
      async (request) => getVisualTrades(ctx, callerOf(request), request.body),
    )

    app.post(
      '/metaStats/update-analysis',
      {
        schema: {
          tags,
          summary: "Status and objectives tables, judged under the account's rulebook",
          security: bearerAuth,
          body: analyticsRequestSchema,
          response: { 200: metaStatsUpdateAnalysisResponseSchema, ...errors },
        },
        serializerCompiler: compiledSerializerCompiler,
      },
      async (request) => getAnalysis(ctx, callerOf(request), request.body),
    )

    // The account metrics page (/user/analyticsview, issue 12 items 4-7)
    app.post(
      '/metaStats/account-metrics',
      {
        schema: {
          tags,
          summary:
            'Account metrics: equity curve with the floors, calendar, tables, metrics, rule what-if',
          security: bearerAuth,
          body: analyticsRequestSchema,
          response: { 200: metaStatsAccountMetricsResponseSchema, ...errors },
        },
      },
      async (request) => getAccountMetrics(ctx, callerOf(request), request.body),
    )

    app.post(
      '/metaStats/journal',
      {
        schema: {
          tags,
          summary: "The account's trade journal: notes and tags per trade",
          security: bearerAuth,
          body: journalListRequestSchema,
          response: { 200: journalListResponseSchema, ...errors },
        },
      },
      async (request) => listJournalEntries(ctx, callerOf(request), request.body),
    )

    app.put(
      '/metaStats/journal',
      {
        schema: {
          tags,
          summary: "Save a trade's note and tags (owner); an empty note with no tags removes them",
          security: bearerAuth,
          body: saveJournalEntryRequestSchema,
          response: { 200: saveJournalEntryResponseSchema, ...errors },
        },
      },
      async (request) => saveJournalEntry(ctx, callerOf(request), request.body),
    )
  }
}
