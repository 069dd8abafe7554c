import type { ClosedTradeDto, DealDto } from '@tp/api'
import type { InstrumentSymbol } from '@tp/domain'
import type {
  PlatformClosedTrade,
  PlatformDeal,
} from '../../integrations/trading-platform/trading-platform'

// The platform's closing deals and deals as the API shows them (packages/api/src/trading.ts).

export function toClosedTradeDto(trade: PlatformClosedTrade): ClosedTradeDto {
  return {
    id: trade.id,
    positionId: trade.positionId,
    symbol: trade.symbol as InstrumentSymbol,
    side: trade.side,
    volume: trade.volume,
    openPrice: trade.openPrice,
    closePrice: trade.closePrice,
    openTime: new Date(trade.openTimeMs).toISOString(),
    closeTime: new Date(trade.closeTimeMs).toISOString(),
    profit: trade.profit,
    swap: trade.swap,
    commission: trade.commission,
    result: trade.profit + trade.swap + trade.commission,
    reason: trade.reason,
  }
}

export function toDealDto(deal: PlatformDeal): DealDto {
  return {
    id: deal.id,
    entry: deal.entry,
    positionId: deal.positionId,
    symbol: deal.symbol as InstrumentSymbol | null,
    type: deal.type,
    volume: deal.volume,
    price: deal.price,
    time: new Date(deal.timeMs).toISOString(),
    profit: deal.profit,
    swap: deal.swap,
    commission: deal.commission,
    reason: deal.reason,
  }
}
