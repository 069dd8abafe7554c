import { useEffect, useRef } from 'react'
import { useMediaQuery } from '@/hooks/use-media-query'

const sampleCards = [
  { label: 'Balance', value: '$104,280' },
  { label: 'Equity', value: '$104,912' },
  { label: 'Profit today', value: '+$632' },
  { label: 'Win rate', value: '58%' },
] as const

const sampleTrades = [
  { symbol: 'EURUSD', side: 'Buy', lots: '2.00', profit: '+$412.00' },
  { symbol: 'XAUUSD', side: 'Sell', lots: '0.50', profit: '+$188.50' },
  { symbol: 'US30', side: 'Buy', lots: '1.00', profit: '-$96.00' },
] as const

const sampleCurve = '0,70 30,62 60,66 90,50 120,54 150,40 180,44 210,30 240,34 270,20 300,16'

/** The dashboard drawn on the laptop's screen: sample figures, not an account's. */
function SampleDashboard() {
  return (
    <div className="grid h-full grid-rows-[auto_auto_1fr] gap-2 bg-background p-2 text-left sm:gap-3 sm:p-4">
      <div className="flex items-center justify-between">
        <p className="text-[10px] font-semibold sm:text-sm">Trade Analysis</p>
        <p className="rounded bg-warning/15 px-1.5 py-0.5 text-[8px] font-semibold text-warning uppercase sm:text-[10px]">
          Sample data
        </p>
      </div>
      <div className="grid grid-cols-4 gap-1 sm:gap-2">
        {sampleCards.map((card) => (
          <div key={card.label} className="rounded bg-surface-2 p-1 sm:p-2">
            <p className="text-[7px] text-muted-foreground sm:text-[10px]">{card.label}</p>
            <p className="text-[9px] font-bold tabular-nums sm:text-sm">{card.value}</p>
          </div>
        ))}
      </div>
      <div className="grid min-h-0 grid-cols-[3fr_2fr] gap-1 sm:gap-2">
        <div className="rounded bg-surface-2 p-1 sm:p-2">
          <svg
            viewBox="0 0 300 80"
            className="h-full w-full"
            aria-hidden
            preserveAspectRatio="none"
          >
            <polyline
              points={sampleCurve}
              fill="none"
              stroke="var(--color-primary)"
              strokeWidth="3"
              vectorEffect="non-scaling-stroke"
            />
          </svg>
        </div>
        <ul className="grid content-start gap-0.5 rounded bg-surface-2 p-1 sm:gap-1 sm:p-2">
          {sampleTrades.map((trade) => (
            <li
              key={trade.symbol}
              className="flex justify-between gap-1 text-[7px] tabular-nums sm:text-[10px]"
            >
              <span>
                {trade.symbol} {trade.side} {trade.lots}
              </span>
              <span className={trade.profit.startsWith('-') ? 'text-loss' : 'text-profit'}>
                {trade.profit}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}

/**
 * The 3D laptop showcase (spec 2.3): a laptop drawn in CSS whose lid opens and turns toward the
 * visitor as the section scrolls through the screen (CSS 3D transforms fed one number, the scroll
 * progress, from a passive, frame-throttled listener); a still, open laptop under
 * prefers-reduced-motion.
 */
export function LaptopShowcase() {
  const stageRef = useRef<HTMLDivElement>(null)
  const isReducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)')

  useEffect(() => {
    const stage = stageRef.current
    if (!stage) return
    if (isReducedMotion) {
      stage.style.setProperty('--progress', '1')
      return
    }
    let frame = 0
    const update = () => {
      frame = 0
      const rect = stage.getBoundingClientRect()
      const viewport = window.innerHeight || 1
      // 0 while the laptop's top is at the bottom of the screen, 1 once it reached 30% from the top
      const progress = Math.min(1, Math.max(0, (viewport - rect.top) / (viewport * 0.7)))
      stage.style.setProperty('--progress', progress.toFixed(3))
    }
    const onScroll = () => {
      if (frame === 0) frame = window.requestAnimationFrame(update)
    }
    update()
    window.addEventListener('scroll', onScroll, { passive: true })
    window.addEventListener('resize', onScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      window.removeEventListener('resize', onScroll)
      if (frame !== 0) window.cancelAnimationFrame(frame)
    }
  }, [isReducedMotion])

  return (
    <div
      ref={stageRef}
      data-testid="laptop-showcase"
      data-motion={isReducedMotion ? 'still' : 'scroll'}
      className="mx-auto w-full max-w-3xl [--progress:1] [perspective:1600px]"
    >
      <div
        className="origin-bottom transition-transform duration-100 ease-out will-change-transform"
        style={{
          transform:
            'rotateX(calc((1 - var(--progress)) * 24deg)) scale(calc(0.86 + var(--progress) * 0.14))',
          transformStyle: 'preserve-3d',
        }}
      >
        {/* the lid: bezel and screen, opening from 80 degrees to upright */}
        <div
          className="relative mx-auto aspect-[16/10] w-[88%] origin-bottom rounded-t-xl border border-border bg-[#05080f] p-[1.6%] shadow-2xl shadow-primary/10"
          style={{ transform: 'rotateX(calc((1 - var(--progress)) * -80deg))' }}
        >
          <div className="h-full overflow-hidden rounded-md border border-border/60">
            <SampleDashboard />
          </div>
        </div>
        {/* the base: keyboard deck seen from the front */}
        <div className="relative mx-auto h-3 w-full rounded-b-xl bg-gradient-to-b from-[#2b3957] to-[#141d31] sm:h-4">
          <div className="absolute top-0 left-1/2 h-1.5 w-1/6 -translate-x-1/2 rounded-b-md bg-[#0b1220]" />
        </div>
      </div>
      <p className="mt-6 text-center text-xs text-muted-foreground">
        The trader dashboard with sample figures: your own shows your account&apos;s trades and rule
        meters.
      </p>
    </div>
  )
}

export default LaptopShowcase
