import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { AccountMetricsDto, JournalEntryDto } from '@tp/api/analytics'
import { computeAccountMetrics, historyFromClosedTrades } from '@tp/domain/analytics'
import { getRulebook } from '@tp/domain/plans'
import type { ClosedTrade } from '@tp/domain'
import { ApiError } from '@/lib/api-client'
import { AccountMetricsView } from './account-metrics-view'

// The metrics page's body drawn from props alone: the data object @tp/domain computes, here from
// closed trades as a statement gives them (no server), with and without a journal.

const trade = (id: string, day: number, profit: number, symbol = 'EURUSD'): ClosedTrade => ({
  id,
  symbol,
  side: 'buy',
  volume: 1,
  openTime: `2026-03-0${day}T14:00:00Z`,
  closeTime: `2026-03-0${day}T15:00:00Z`,
  openPrice: 1.1,
  closePrice: 1.101,
  profit,
  commission: 0,
  swap: 0,
})

function statementMetrics(): AccountMetricsDto {
  const rules = getRulebook('twoPhase.phase1', 'v1', 10)
  const trades = [trade('t1', 2, 150), trade('t2', 2, -50, 'XAUUSD'), trade('t3', 3, 200)]
  return computeAccountMetrics({
    rules,
    history: historyFromClosedTrades(trades, 10_000),
    sizeK: 10,
  })
}

describe('AccountMetricsView', () => {
  it('shows the metrics, the calendar drill-down and the what-if of a statement, read-only', () => {
    render(<AccountMetricsView metrics={statementMetrics()} />)
    const grid = screen.getByTestId('metrics-grid')
    // 3 trades: the ratios wait for 30
    expect(within(grid).getAllByText('needs 30 trades')).toHaveLength(2)
    expect(within(grid).getByText('Profit factor').nextElementSibling).toHaveTextContent('7.00')
    expect(screen.queryByRole('button', { name: /note for trade/ })).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: '2026-03-02: +$100.00, 2 trades' }))
    const day = screen.getByRole('region', { name: 'Trading day 2026-03-02' })
    expect(within(day).getAllByRole('row')).toHaveLength(3)
    expect(within(day).getByText('XAUUSD')).toBeInTheDocument()

    const whatIf = screen.getByTestId('what-if')
    expect(within(whatIf).getAllByRole('row')).toHaveLength(5)
    expect(within(whatIf).getByText('Two Phase · Phase 1')).toBeInTheDocument()
  })

  it('saves a note with its tags and filters the journal by a tag', async () => {
    const entries: JournalEntryDto[] = [
      { tradeId: 't2', note: 'chased it', tags: ['fomo'], updatedAt: '2026-03-04T00:00:00Z' },
    ]
    const onSave = vi.fn().mockResolvedValue(undefined)
    render(<AccountMetricsView metrics={statementMetrics()} journal={{ entries, onSave }} />)
    const journal = screen.getByTestId('trade-journal')
    expect(within(journal).getAllByRole('row')).toHaveLength(4)

    fireEvent.change(within(journal).getByLabelText('Filter by tag'), { target: { value: 'fomo' } })
    const rows = within(journal).getAllByRole('row')
    expect(rows).toHaveLength(2)
    expect(rows[1]).toHaveAttribute('data-trade', 't2')
    fireEvent.change(within(journal).getByLabelText('Filter by tag'), { target: { value: '' } })

    fireEvent.click(within(journal).getByRole('button', { name: 'Add note for trade t3' }))
    fireEvent.change(within(journal).getByLabelText('Note'), { target: { value: 'clean break' } })
    fireEvent.change(within(journal).getByLabelText('Tags (separated by spaces)'), {
      target: { value: 'Breakout, london breakout' },
    })
    fireEvent.click(within(journal).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        tradeId: 't3',
        note: 'clean break',
        tags: ['breakout', 'london'],
      }),
    )
    await waitFor(() => expect(within(journal).queryByLabelText('Note')).toBeNull())
  })

  it("shows the server's message when a save is refused, and keeps the form", async () => {
    const refusal = {
      code: 'VALIDATION_FAILED',
      message: 'A tag is one word: letters, digits, - and _.',
    }
    const onSave = vi.fn().mockRejectedValue(new ApiError(422, refusal))
    render(<AccountMetricsView metrics={statementMetrics()} journal={{ entries: [], onSave }} />)
    fireEvent.click(screen.getByRole('button', { name: 'Add note for trade t1' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('A tag is one word')
    expect(screen.getByLabelText('Note')).toBeInTheDocument()
  })
})
