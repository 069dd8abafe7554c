import { vi } from 'vitest'

// lightweight-charts draws on a canvas, which jsdom does not have: tests replace the module with
// this recorder (vi.mock('lightweight-charts', ...)) and read what the chart was given.

export type FakeSeries = {
  setData: ReturnType<typeof vi.fn>
  update: ReturnType<typeof vi.fn>
  applyOptions: ReturnType<typeof vi.fn>
}

export const chartRecorder = { series: [] as FakeSeries[] }

export function fakeLightweightCharts() {
  return {
    ColorType: { Solid: 'solid', VerticalGradient: 'gradient' },
    TickMarkType: { Year: 0, Month: 1, DayOfMonth: 2, Time: 3, TimeWithSeconds: 4 },
    CandlestickSeries: { type: 'Candlestick' },
    createChart: vi.fn(() => ({
      addSeries: vi.fn(() => {
        const series: FakeSeries = {
          setData: vi.fn(),
          update: vi.fn(),
          applyOptions: vi.fn(),
        }
        chartRecorder.series.push(series)
        return series
      }),
      timeScale: () => ({ scrollToRealTime: vi.fn() }),
      applyOptions: vi.fn(),
      remove: vi.fn(),
    })),
  }
}
