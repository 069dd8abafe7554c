import { memo, useId } from 'react'
import {
  assetClasses,
  assetClassTerms,
  formatPrice,
  instruments,
  isMarketOpen,
  type Instrument,
} from '@tp/domain'
import { Card, CardHeader, CardTitle } from '@/components/ui/card'
import { cn } from '@/lib/utils'
import { useNow } from '../hooks/use-now'
import { useQuote } from '../hooks/use-quotes'

type SymbolRowProps = {
  instrument: Instrument
  isSelected: boolean
  isOpen: boolean
  onSelect: (symbol: string) => void
}

/** One symbol with its live bid and ask; re-renders only when that symbol moves. */
const SymbolRow = memo(function SymbolRow({
  instrument,
  isSelected,
  isOpen,
  onSelect,
}: SymbolRowProps) {
  const quote = useQuote(instrument.symbol)
  return (
    <li>
      <button
        type="button"
        aria-pressed={isSelected}
        onClick={() => onSelect(instrument.symbol)}
        className={cn(
          'grid w-full grid-cols-[1fr_auto_auto] items-center gap-x-3 rounded-md px-2 py-1.5 text-left text-sm hover:bg-surface-2',
          isSelected && 'bg-surface-3 hover:bg-surface-3',
        )}
      >
        <span className="min-w-0">
          <span className="block font-semibold">{instrument.symbol}</span>
          <span className={cn('block text-xs', isOpen ? 'text-profit' : 'text-muted-foreground')}>
            {isOpen ? 'Open' : 'Closed'}
          </span>
        </span>
        <span className="text-right font-mono text-xs tabular-nums">
          <span className="block text-[0.65rem] text-muted-foreground">Bid</span>
          {quote ? formatPrice(instrument, quote.bid) : '-'}
        </span>
        <span className="text-right font-mono text-xs tabular-nums">
          <span className="block text-[0.65rem] text-muted-foreground">Ask</span>
          {quote ? formatPrice(instrument, quote.ask) : '-'}
        </span>
      </button>
    </li>
  )
})

type SymbolListProps = {
  selected: string
  onSelect: (symbol: string) => void
  className?: string
}

/** Every instrument of the catalogue, by asset class, with live prices and market hours. */
export function SymbolList({ selected, onSelect, className }: SymbolListProps) {
  // market hours change on whole minutes; a 15 s clock is close enough and cheap
  const now = useNow(15_000)
  const headingId = useId()
  return (
    <Card
      role="region"
      aria-labelledby={headingId}
      className={cn('flex min-h-0 min-w-0 flex-col', className)}
    >
      <CardHeader className="pb-2 sm:pb-2">
        <CardTitle id={headingId}>Symbols</CardTitle>
      </CardHeader>
      <div className="max-h-80 min-h-0 overflow-y-auto px-2 pb-3 xl:max-h-96 2xl:max-h-[46rem]">
        {assetClasses.map((assetClass) => (
          <div key={assetClass} className="mb-2">
            <h3 className="px-2 py-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              {assetClassTerms[assetClass].label}
            </h3>
            <ul className="grid gap-0.5">
              {instruments
                .filter((instrument) => instrument.assetClass === assetClass)
                .map((instrument) => (
                  <SymbolRow
                    key={instrument.symbol}
                    instrument={instrument}
                    isSelected={instrument.symbol === selected}
                    isOpen={isMarketOpen(instrument.symbol, now)}
                    onSelect={onSelect}
                  />
                ))}
            </ul>
          </div>
        ))}
      </div>
    </Card>
  )
}
