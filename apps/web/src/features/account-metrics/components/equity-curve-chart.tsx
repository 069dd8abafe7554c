import { useEffect, useId, useRef, useState, type PointerEvent } from 'react'
import type { AccountMetricsDto } from '@tp/api/analytics'
import { dollarTick, money, shortInstant } from '../utils/format'
import { chartPalette } from '../utils/palette'

// The balance and equity curve with the daily-loss and max-loss floors as they moved (step
// lines: a floor holds until the evaluator moves it), the breach and pass moments marked, a
// pointer read-out, and a zoom (two keyboard-operable range handles under the chart). Drawn as
// plain SVG by this module (decision 0041): the metrics page's first load has no room for a
// charting library, and one chart of four series on a time axis needs none. Loaded with the
// curve only (React.lazy in curve-card.tsx). The drawing is hidden from assistive technology:
// the card's summary says what it shows, and the zoom handles are labelled controls.

export type CurvePoint = AccountMetricsDto['curve']['points'][number]

export type EquityCurveChartProps = {
  points: readonly CurvePoint[]
  breachMs?: number | null
  passedAtMs?: number | null
  /** the zoom handles (the full curve); off for a day's intraday curve */
  isZoomable?: boolean
  height?: number
}

type Series = {
  key: 'equity' | 'balance' | 'dailyFloor' | 'maxFloor'
  name: string
  className: string
  color: string
  isStep: boolean
  dash?: string
}

const MARGIN = { top: 10, right: 14, bottom: 26, left: 64 }

/** About `count` round ticks (1, 2 or 5 times a power of ten) covering [min, max]. */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!(max > min)) return [min]
  const raw = (max - min) / count
  const power = 10 ** Math.floor(Math.log10(raw))
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power
  const ticks: number[] = []
  for (let v = Math.ceil(min / step) * step; v <= max + step * 1e-9; v += step) ticks.push(v)
  return ticks
}

/**
 * The SVG path of one series: straight segments, or steps (the value holds until the next
 * point). A null value breaks the line.
 */
export function seriesPath(
  xs: readonly number[],
  ys: readonly (number | null)[],
  isStep: boolean,
): string {
  let d = ''
  let isOpen = false
  for (let i = 0; i < xs.length; i++) {
    const y = ys[i]
    if (y === null || y === undefined) {
      isOpen = false
      continue
    }
    const x = xs[i]!.toFixed(1)
    const yText = y.toFixed(1)
    if (!isOpen) d += `M${x} ${yText}`
    else d += isStep ? `H${x}V${yText}` : `L${x} ${yText}`
    isOpen = true
  }
  return d
}

/** The width of an element, followed as it changes (the chart fills its card). */
function useWidth(fallback: number) {
  const ref = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(fallback)
  useEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () => {
      const next = Math.round(element.getBoundingClientRect().width)
      if (next > 0) setWidth(next)
    }
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return { ref, width }
}

/** Index of the point nearest to `t` (points sorted by time). */
function nearestIndex(points: readonly CurvePoint[], t: number): number {
  let low = 0
  let high = points.length - 1
  while (low < high) {
    const mid = (low + high) >> 1
    if (points[mid]!.tMs < t) low = mid + 1
    else high = mid
  }
  if (low > 0 && t - points[low - 1]!.tMs < points[low]!.tMs - t) return low - 1
  return low
}

export default function EquityCurveChart({
  points,
  breachMs = null,
  passedAtMs = null,
  isZoomable = true,
  height = 320,
}: EquityCurveChartProps) {
  const palette = chartPalette()
  const { ref, width } = useWidth(640)
  const fromId = useId()
  const toId = useId()
  const last = points.length - 1
  // the zoom window in point indices; `to: null` follows the newest point as the curve grows
  const [zoom, setZoom] = useState<{ from: number; to: number | null }>({ from: 0, to: null })
  const [hover, setHover] = useState<number | null>(null)

  const canZoom = isZoomable && points.length > 2
  const from = canZoom ? Math.min(zoom.from, Math.max(0, last - 1)) : 0
  const to = canZoom && zoom.to !== null ? Math.max(from + 1, Math.min(zoom.to, last)) : last
  const shown = points.slice(from, to + 1)

  const series: Series[] = [
    {
      key: 'equity',
      name: 'Equity',
      className: 'curve-equity',
      color: palette.primary,
      isStep: false,
    },
    {
      key: 'balance',
      name: 'Balance',
      className: 'curve-balance',
      color: palette.profit,
      isStep: true,
    },
    {
      key: 'dailyFloor',
      name: 'Daily-loss floor',
      className: 'curve-daily-floor',
      color: palette.warning,
      isStep: true,
      dash: '6 4',
    },
    {
      key: 'maxFloor',
      name: 'Max-loss floor',
      className: 'curve-max-floor',
      color: palette.loss,
      isStep: true,
      dash: '6 4',
    },
  ]

  const plotWidth = Math.max(40, width - MARGIN.left - MARGIN.right)
  const plotHeight = Math.max(40, height - MARGIN.top - MARGIN.bottom)
  const t0 = shown[0]?.tMs ?? 0
  const t1 = shown.at(-1)?.tMs ?? t0
  const tSpan = t1 > t0 ? t1 - t0 : 3_600_000
  let low = Infinity
  let high = -Infinity
  for (const point of shown) {
    for (const { key } of series) {
      const value = point[key]
      if (value === null) continue
      if (value < low) low = value
      if (value > high) high = value
    }
  }
  if (!Number.isFinite(low)) [low, high] = [0, 1]
  const pad = Math.max((high - low) * 0.05, 100)
  const yTicks = niceTicks(low - pad, high + pad)
  const yMin = Math.min(low - pad, yTicks[0]!)
  const yMax = Math.max(high + pad, yTicks.at(-1)!)
  const x = (t: number) => MARGIN.left + ((t - t0) / tSpan) * plotWidth
  const y = (v: number) => MARGIN.top + (1 - (v - yMin) / (yMax - yMin)) * plotHeight
  const xs = shown.map((point) => x(point.tMs))
  const xTickCount = Math.max(2, Math.floor(plotWidth / 130))
  const xTicks = Array.from({ length: xTickCount }, (_, i) => t0 + (tSpan * i) / (xTickCount - 1))

  const marks = [
    { t: breachMs, label: 'Breach', color: palette.loss },
    { t: passedAtMs, label: 'Passed', color: palette.profit },
  ].filter((mark): mark is { t: number; label: string; color: string } => {
    return mark.t !== null && mark.t >= t0 && mark.t <= t0 + tSpan
  })

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect()
    const px = ((event.clientX - box.left) / box.width) * width
    const t = t0 + ((px - MARGIN.left) / plotWidth) * tSpan
    if (shown.length > 0) setHover(nearestIndex(shown, t))
  }
  const hovered = hover !== null ? shown[hover] : undefined

  return (
    <div className="grid gap-2">
      <div ref={ref} className="relative min-w-0">
        <svg
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          aria-hidden="true"
          className="block touch-pan-y"
          onPointerMove={onPointerMove}
          onPointerLeave={() => setHover(null)}
        >
          <g className="curve-grid">
            {yTicks.map((tick) => (
              <g key={tick}>
                <line
                  x1={MARGIN.left}
                  x2={MARGIN.left + plotWidth}
                  y1={y(tick)}
                  y2={y(tick)}
                  stroke={palette.grid}
                  strokeDasharray="3 3"
                />
                <text
                  x={MARGIN.left - 6}
                  y={y(tick)}
                  dy="0.32em"
                  textAnchor="end"
                  fontSize={12}
                  fill={palette.text}
                >
                  {dollarTick(tick)}
                </text>
              </g>
            ))}
            {xTicks.map((tick, i) => (
              <text
                key={tick}
                x={x(tick)}
                y={MARGIN.top + plotHeight + 18}
                textAnchor={i === 0 ? 'start' : i === xTicks.length - 1 ? 'end' : 'middle'}
                fontSize={12}
                fill={palette.text}
              >
                {shortInstant(tick)}
              </text>
            ))}
          </g>
          {series.map((line) => (
            <g key={line.key} className={line.className}>
              <path
                d={seriesPath(
                  xs,
                  shown.map((point) => {
                    const value = point[line.key]
                    return value === null ? null : y(value)
                  }),
                  line.isStep,
                )}
                fill="none"
                stroke={line.color}
                strokeWidth={line.key === 'equity' ? 2 : 1.5}
                strokeDasharray={line.dash}
                strokeLinejoin="round"
              />
            </g>
          ))}
          {marks.map((mark) => (
            <g key={mark.label} className="curve-mark">
              <line
                x1={x(mark.t)}
                x2={x(mark.t)}
                y1={MARGIN.top}
                y2={MARGIN.top + plotHeight}
                stroke={mark.color}
              />
              <text x={x(mark.t) + 4} y={MARGIN.top + 12} fontSize={12} fill={mark.color}>
                {mark.label}
              </text>
            </g>
          ))}
          {hovered && (
            <line
              x1={x(hovered.tMs)}
              x2={x(hovered.tMs)}
              y1={MARGIN.top}
              y2={MARGIN.top + plotHeight}
              stroke={palette.text}
              strokeDasharray="2 2"
            />
          )}
        </svg>
        {hovered && (
          <div
            className="pointer-events-none absolute top-2 rounded-lg bg-surface-2 px-3 py-2 text-xs shadow-lg"
            style={
              x(hovered.tMs) > width / 2
                ? { right: width - x(hovered.tMs) + 8 }
                : { left: x(hovered.tMs) + 8 }
            }
          >
            <p className="font-medium">{shortInstant(hovered.tMs)}</p>
            {series.map((line) => (
              <p key={line.key} style={{ color: line.color }}>
                {line.name}: {hovered[line.key] === null ? '—' : money(hovered[line.key]!)}
              </p>
            ))}
          </div>
        )}
      </div>
      <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs">
        {series.map((line) => (
          <li key={line.key} className="flex items-center gap-1.5">
            <svg width="18" height="8" aria-hidden="true">
              <line
                x1="0"
                x2="18"
                y1="4"
                y2="4"
                stroke={line.color}
                strokeWidth={2}
                strokeDasharray={line.dash}
              />
            </svg>
            {line.name}
          </li>
        ))}
      </ul>
      {canZoom && (
        <div className="curve-brush grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <div className="grid gap-1">
            <label htmlFor={fromId} className="text-xs text-muted-foreground">
              Zoom from {shortInstant(points[from]!.tMs)}
            </label>
            <input
              id={fromId}
              type="range"
              min={0}
              max={last}
              step={1}
              value={from}
              aria-valuetext={shortInstant(points[from]!.tMs)}
              className="w-full accent-primary"
              onChange={(event) => {
                const next = Math.min(Number(event.target.value), to - 1)
                setZoom({ from: next, to: zoom.to === null ? null : to })
              }}
            />
          </div>
          <div className="grid gap-1">
            <label htmlFor={toId} className="text-xs text-muted-foreground">
              Zoom to {shortInstant(points[to]!.tMs)}
            </label>
            <input
              id={toId}
              type="range"
              min={0}
              max={last}
              step={1}
              value={to}
              aria-valuetext={shortInstant(points[to]!.tMs)}
              className="w-full accent-primary"
              onChange={(event) => {
                const next = Math.max(Number(event.target.value), from + 1)
                setZoom({ from, to: next >= last ? null : next })
              }}
            />
          </div>
          <button
            type="button"
            className="h-8 rounded-md border border-border px-3 text-xs font-medium hover:bg-surface-2 disabled:opacity-50"
            disabled={from === 0 && to === last}
            onClick={() => setZoom({ from: 0, to: null })}
          >
            Show all
          </button>
        </div>
      )}
    </div>
  )
}
