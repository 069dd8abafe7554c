/** A tiny inline line of the month's cumulative return by trading day (percent values). */
export function Sparkline({ values, label }: { values: readonly number[]; label: string }) {
  const width = 64
  const height = 20
  if (values.length === 0) return <span className="text-muted-foreground">—</span>
  const series = values.length === 1 ? [0, values[0]!] : values
  const min = Math.min(0, ...series)
  const max = Math.max(0, ...series)
  const span = max - min || 1
  const x = (index: number) => (index / (series.length - 1)) * (width - 2) + 1
  const y = (value: number) => height - 1 - ((value - min) / span) * (height - 2)
  const points = series.map((value, index) => `${x(index)},${y(value)}`).join(' ')
  const isUp = series.at(-1)! >= 0
  return (
    <svg
      role="img"
      aria-label={label}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      className={isUp ? 'text-profit' : 'text-loss'}
    >
      <line x1={0} x2={width} y1={y(0)} y2={y(0)} className="stroke-border" strokeWidth={1} />
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth={1.5} />
    </svg>
  )
}
