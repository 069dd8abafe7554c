import {
  CandlestickSeries,
  ColorType,
  createChart,
  TickMarkType,
  type CandlestickData,
  type IChartApi,
  type ISeriesApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts'
import { DateTime } from 'luxon'
import { useEffect, useId, useRef, useState } from 'react'
import {
  applyTickToBar,
  getInstrument,
  priceToNumber,
  timeframes,
  type Bar,
  type Instrument,
  type Timeframe,
} from '@tp/domain'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { usePersistedState } from '@/hooks/use-persisted-state'
import { cn } from '@/lib/utils'
import { useBars } from '../api/get-bars'
import { useQuoteStore } from '../hooks/use-quotes'
import { LoadError } from '@/components/load-error'

// The candlestick chart (lightweight-charts 5, its attribution kept): history from
// GET /api/market/bars, the current candle extended from every streamed quote with the domain's
// applyTickToBar (bid candles, as MetaTrader draws them). Times show in the trader's own zone.

export const TIMEFRAME_STORAGE_KEY = 'tp.terminal.timeframe'
const DEFAULT_TIMEFRAME: Timeframe = 'M5'

function isTimeframe(value: string): value is Timeframe {
  return (timeframes as readonly string[]).includes(value)
}

/** A theme token's colour (index.css), for the canvas, which cannot read classes. */
function themeColor(name: string, fallback: string): string {
  if (typeof window === 'undefined') return fallback
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim()
  return value || fallback
}

function toCandle(
  instrument: Instrument,
  bar: Pick<Bar, 'tMs' | 'open' | 'high' | 'low' | 'close'>,
) {
  return {
    time: (bar.tMs / 1000) as UTCTimestamp,
    open: priceToNumber(instrument, bar.open),
    high: priceToNumber(instrument, bar.high),
    low: priceToNumber(instrument, bar.low),
    close: priceToNumber(instrument, bar.close),
  } satisfies CandlestickData<Time>
}

function localTime(time: Time): DateTime {
  return DateTime.fromSeconds(typeof time === 'number' ? time : 0).toLocal()
}

const tickFormats: Record<TickMarkType, string> = {
  [TickMarkType.Year]: 'yyyy',
  [TickMarkType.Month]: 'LLL',
  [TickMarkType.DayOfMonth]: 'd LLL',
  [TickMarkType.Time]: 'HH:mm',
  [TickMarkType.TimeWithSeconds]: 'HH:mm:ss',
}

type ChartHandle = { chart: IChartApi; series: ISeriesApi<'Candlestick'> }

function useCandlestickChart(container: React.RefObject<HTMLDivElement | null>) {
  const [handle, setHandle] = useState<ChartHandle | null>(null)
  const [isUnavailable, setIsUnavailable] = useState(false)
  useEffect(() => {
    const element = container.current
    if (!element) return
    let chart: IChartApi
    try {
      const border = themeColor('--color-border', '#26365a')
      chart = createChart(element, {
        autoSize: true,
        layout: {
          background: { type: ColorType.Solid, color: 'transparent' },
          textColor: themeColor('--color-muted-foreground', '#9fb0cc'),
          fontFamily: 'Inter, ui-sans-serif, system-ui, sans-serif',
        },
        grid: {
          vertLines: { color: themeColor('--color-surface-2', '#17233d') },
          horzLines: { color: themeColor('--color-surface-2', '#17233d') },
        },
        rightPriceScale: { borderColor: border },
        timeScale: {
          borderColor: border,
          timeVisible: true,
          secondsVisible: false,
          tickMarkFormatter: (time: Time, type: TickMarkType) =>
            localTime(time).toFormat(tickFormats[type]),
        },
        localization: {
          timeFormatter: (time: Time) => localTime(time).toFormat('d LLL yyyy HH:mm'),
        },
      })
    } catch {
      // no canvas (a very old or locked-down browser): the rest of the terminal still works
      setIsUnavailable(true)
      return
    }
    const profit = themeColor('--color-profit', '#2dd4bf')
    const loss = themeColor('--color-loss', '#f87171')
    const series = chart.addSeries(CandlestickSeries, {
      upColor: profit,
      downColor: loss,
      borderVisible: false,
      wickUpColor: profit,
      wickDownColor: loss,
    })
    setHandle({ chart, series })
    return () => {
      setHandle(null)
      chart.remove()
    }
  }, [container])
  return { handle, isUnavailable }
}

type PriceChartProps = { symbol: string; className?: string }

export function PriceChart({ symbol, className }: PriceChartProps) {
  const [storedTimeframe, setTimeframe] = usePersistedState<string>(
    TIMEFRAME_STORAGE_KEY,
    DEFAULT_TIMEFRAME,
  )
  const timeframe = isTimeframe(storedTimeframe) ? storedTimeframe : DEFAULT_TIMEFRAME
  const instrument = getInstrument(symbol)
  const bars = useBars(symbol, timeframe)
  const store = useQuoteStore()
  const container = useRef<HTMLDivElement>(null)
  const { handle, isUnavailable } = useCandlestickChart(container)
  const headingId = useId()

  // history in, then every quote extends the current candle (or opens the next one)
  useEffect(() => {
    if (!handle || !bars.data) return
    const { series } = handle
    series.applyOptions({
      priceFormat: { type: 'price', precision: instrument.digits, minMove: 1 / instrument.scale },
    })
    series.setData(bars.data.bars.map((bar) => toCandle(instrument, { ...bar, tMs: bar.t })))
    const last = bars.data.bars.at(-1)
    let current: Bar | null = last ? { ...last, tMs: last.t, tickVolume: 0 } : null
    // the quote held now may be older than the history: only later ones move the chart
    let applied = store.get(symbol)
    const onQuotes = () => {
      const quote = store.get(symbol)
      if (!quote || quote === applied) return
      applied = quote
      let next: Bar
      try {
        next = applyTickToBar(current, { tMs: quote.t, bid: quote.bid }, timeframe)
      } catch {
        return // a tick older than the current candle
      }
      current = next
      series.update(toCandle(instrument, next))
    }
    return store.subscribe(onQuotes)
  }, [handle, bars.data, instrument, store, symbol, timeframe])

  useEffect(() => {
    handle?.chart.timeScale().scrollToRealTime()
  }, [handle, symbol, timeframe])

  return (
    <Card
      role="region"
      aria-labelledby={headingId}
      aria-busy={bars.isPending || undefined}
      className={cn('flex min-w-0 flex-col', className)}
    >
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 pb-3 sm:pb-3">
        <div>
          <CardTitle id={headingId}>
            {symbol} <span className="text-muted-foreground">· {timeframe}</span>
          </CardTitle>
          <p className="text-xs text-muted-foreground">{instrument.description} · bid candles</p>
        </div>
        <div role="group" aria-label="Timeframe" className="flex flex-wrap gap-1">
          {timeframes.map((option) => (
            <Button
              key={option}
              size="sm"
              variant={option === timeframe ? 'default' : 'ghost'}
              aria-pressed={option === timeframe}
              onClick={() => setTimeframe(option)}
            >
              {option}
            </Button>
          ))}
        </div>
      </CardHeader>
      <CardContent className="grid gap-2">
        {bars.isError ? <LoadError error={bars.error} onRetry={() => void bars.refetch()} /> : null}
        {isUnavailable ? (
          <p className="text-sm text-muted-foreground">This browser cannot draw the chart.</p>
        ) : null}
        <div className="relative h-72 w-full sm:h-96 xl:h-[26rem]">
          <div ref={container} className="absolute inset-0" />
          {bars.isPending ? <Skeleton className="absolute inset-0" /> : null}
        </div>
      </CardContent>
    </Card>
  )
}
