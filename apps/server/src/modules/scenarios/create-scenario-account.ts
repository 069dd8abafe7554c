import {
  accountSizeKSchema,
  challengeTypeLabels,
  challengeTypeSchema,
  currentRulebookVersion,
  formatPrice,
  formatVolume,
  getInstrument,
  instrumentSymbolSchema,
  parsePrice,
  parseVolume,
  sideSchema,
  stageLabels,
  stages,
  stagesOf,
  tradingMessages,
  tradingPlatformSchema,
  type Instrument,
} from '@tp/domain'
import { emailSchema } from '@tp/api'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import type { AppContext } from '../../context'
import { challenges, tradingAccounts, type TradingAccountRow } from '../../db/schema'
import { AppError } from '../../lib/errors'
import { findUserByEmail } from '../users/find-user'
import { provisionStageAccount } from '../accounts/provision-account'

// The scenario driver's account builder (tests and demos): a challenge account for a user that
// started some days ago, with a history of trades booked at their past moments through the same
// books and the same live evaluator as any trade. So a breach or a pass that needs days of history
// (the minimum trading days) can be produced now, deterministically.

const DAY_MS = 86_400_000
// Bounds of a booked trade, so that its amounts stay in the range the books and the evaluator
// compute exactly: at most 100 lots (volume units), worth at most 10,000,000 (cents) in its
// profit currency.
const MAX_TRADE_VOLUME = 10_000
const MAX_TRADE_NOTIONAL_CENTS = 1_000_000_000

/** Profit-currency cents a position of `volume` units is worth at `price` points. */
function notionalCents(instrument: Instrument, volume: number, price: number): number {
  return (volume * price * instrument.valuation.num) / instrument.valuation.den
}

export const scenarioAccountSchema = z
  .object({
    email: emailSchema,
    challenge: challengeTypeSchema.default('twoPhase'),
    sizeK: accountSizeKSchema.default(100),
    platform: tradingPlatformSchema.default('mt5'),
    stage: z.enum(stages).optional(),
    /** when the account started, in days before now */
    startDaysAgo: z.number().min(0).max(365).default(0),
    trades: z
      .array(
        z.object({
          symbol: instrumentSymbolSchema,
          side: sideSchema,
          /** lots, e.g. "1.00" */
          volume: z.string(),
          /** the fill prices: ask for a buy's open, bid for its close (and the reverse for a sell) */
          openPrice: z.string(),
          closePrice: z.string(),
          /** when it opened, days before now (fractions allowed) */
          openDaysAgo: z.number().min(0),
          durationMinutes: z
            .number()
            .positive()
            .max(60 * 24 * 30),
        }),
      )
      .max(500)
      .default([]),
  })
  .superRefine((input, ctx) => {
    const challengeStages = stagesOf(input.challenge)
    if (input.stage && !challengeStages.includes(input.stage)) {
      const known = challengeStages.map((stage) => stageLabels[stage]).join(', ')
      ctx.addIssue({
        code: 'custom',
        path: ['stage'],
        message: `${challengeTypeLabels[input.challenge]} has no ${stageLabels[input.stage]} stage (its stages: ${known}).`,
      })
    }
    input.trades.forEach((trade, i) => {
      const instrument = getInstrument(trade.symbol)
      const volume = parseVolume(trade.volume)
      if (volume === null) {
        ctx.addIssue({
          code: 'custom',
          path: ['trades', i, 'volume'],
          message: tradingMessages.volumeFormat,
        })
      } else if (volume > MAX_TRADE_VOLUME) {
        ctx.addIssue({
          code: 'custom',
          path: ['trades', i, 'volume'],
          message: `A scenario trade is at most ${formatVolume(MAX_TRADE_VOLUME)} lots.`,
        })
      }
      for (const field of ['openPrice', 'closePrice'] as const) {
        const price = parsePrice(instrument, trade[field])
        if (price === null) {
          ctx.addIssue({
            code: 'custom',
            path: ['trades', i, field],
            message: tradingMessages.priceFormat(instrument.digits),
          })
        } else if (price <= instrument.typicalSpreadPoints) {
          // the other side of the quote (price minus the spread) would be zero or negative
          ctx.addIssue({
            code: 'custom',
            path: ['trades', i, field],
            message: `A ${instrument.symbol} price is above ${formatPrice(instrument, instrument.typicalSpreadPoints)} (its spread).`,
          })
        } else if (
          volume !== null &&
          notionalCents(instrument, volume, price) > MAX_TRADE_NOTIONAL_CENTS
        ) {
          ctx.addIssue({
            code: 'custom',
            path: ['trades', i, field],
            message: `A scenario trade is worth at most ${(MAX_TRADE_NOTIONAL_CENTS / 100).toLocaleString('en-US')} in its profit currency: use a smaller volume or price.`,
          })
        }
      }
      if (trade.openDaysAgo > input.startDaysAgo) {
        ctx.addIssue({
          code: 'custom',
          path: ['trades', i, 'openDaysAgo'],
          message: 'a trade cannot open before the account started',
        })
      }
      if (trade.openDaysAgo * DAY_MS - trade.durationMinutes * 60_000 < 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['trades', i, 'durationMinutes'],
          message: 'a past trade must close before now',
        })
      }
    })
  })
export type ScenarioAccountInput = z.input<typeof scenarioAccountSchema>

export async function createScenarioAccount(
  ctx: AppContext,
  rawInput: ScenarioAccountInput,
): Promise<TradingAccountRow> {
  const input = scenarioAccountSchema.parse(rawInput)
  const simulated = ctx.trading.simulated
  if (!simulated) throw new AppError('NOT_FOUND')
  const user = await findUserByEmail(ctx.db, input.email.toLowerCase())
  if (!user) throw new AppError('NOT_FOUND', { message: 'No user with that email.' })

  const nowMs = ctx.clock.now().getTime()
  const startMs = nowMs - Math.round(input.startDaysAgo * DAY_MS)
  const trades = input.trades
    .map((trade) => {
      const instrument = getInstrument(trade.symbol)
      const openTimeMs = Math.max(startMs + 1_000, nowMs - Math.round(trade.openDaysAgo * DAY_MS))
      return {
        symbol: trade.symbol,
        side: trade.side,
        volume: parseVolume(trade.volume)!,
        openPrice: parsePrice(instrument, trade.openPrice)!,
        closePrice: parsePrice(instrument, trade.closePrice)!,
        openTimeMs,
        closeTimeMs: openTimeMs + Math.round(trade.durationMinutes * 60_000),
      }
    })
    .sort((a, b) => a.openTimeMs - b.openTimeMs)
  trades.forEach((trade, i) => {
    const previous = trades[i - 1]
    if (previous && trade.openTimeMs < previous.closeTimeMs) {
      throw new AppError('VALIDATION_FAILED', {
        message: 'Scenario trades are booked one after another: they must not overlap.',
        details: [{ path: 'trades', message: 'trades overlap' }],
      })
    }
  })

  const [challenge] = await ctx.db
    .insert(challenges)
    .values({
      userId: user.id,
      challengeType: input.challenge,
      sizeK: input.sizeK,
      platform: input.platform,
      rulebookVersion: currentRulebookVersion,
    })
    .returning()
  const stage = input.stage ?? (input.challenge === 'twoPhase' ? 'phase1' : 'funded')
  const account = await provisionStageAccount(ctx, {
    challengeId: challenge!.id,
    stage,
    startedAt: new Date(startMs),
    // its past is booked on the simulated server (also when new accounts default to MT5)
    adapter: 'simulated',
  })
  try {
    for (const trade of trades) simulated.bookPastTrade(account.externalId!, trade)
  } finally {
    ctx.trading.risk.endBackfill(account.id)
  }
  await simulated.flush()
  await ctx.trading.risk.flush()
  const [row] = await ctx.db
    .select()
    .from(tradingAccounts)
    .where(eq(tradingAccounts.id, account.id))
  return row!
}
