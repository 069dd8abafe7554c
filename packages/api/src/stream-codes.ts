// The stream's close codes besides the standard ones, apart from trading.ts so that the browser's
// one stream client (apps/web lib/stream-client.ts) loads them without zod or the trading
// schemas (decision 0041). Re-exported by trading.ts.

/** Close codes of the stream besides the standard ones. */
export const streamCloseCodes = { unauthenticated: 4401, forbidden: 4403 } as const
