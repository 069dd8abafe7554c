import {
  Area,
  AreaChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import type { SoldPoint } from '@tp/api'
import { formatMoney, usd } from '@tp/domain'
import { themeColor } from '@/lib/theme-color'

// The Trade Sales Overview drawing (Recharts, loaded with this file only when the dashboard shows
// it). The figures are also in the card's table for screen readers.

const chartSize = { width: 640, height: 256 }

export default function SalesChart({ points }: { points: readonly SoldPoint[] }) {
  const line = themeColor('--color-primary', '#2dd4bf')
  const grid = themeColor('--color-border', '#26365a')
  const text = themeColor('--color-muted-foreground', '#9fb0cc')
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={chartSize}>
      <AreaChart data={[...points]} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" stroke={grid} vertical={false} />
        <XAxis dataKey="timeStamp" stroke={text} tick={{ fontSize: 12 }} minTickGap={16} />
        <YAxis
          stroke={text}
          tick={{ fontSize: 12 }}
          width={72}
          allowDecimals={false}
          // a dollar at least, so an empty period does not show cents on the axis
          domain={[0, (max: number) => Math.max(max, 100)]}
          tickFormatter={(value: number) => formatMoney(usd(value), { showCents: false })}
        />
        <Tooltip
          formatter={(value) => formatMoney(usd(Number(value)))}
          labelFormatter={(label) => String(label)}
        />
        <Area
          type="monotone"
          dataKey="value"
          name="Sales"
          stroke={line}
          fill={line}
          fillOpacity={0.15}
        />
      </AreaChart>
    </ResponsiveContainer>
  )
}
