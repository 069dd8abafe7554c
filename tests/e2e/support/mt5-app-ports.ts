// The journeys' second app, whose new accounts live on an MT5 server through the MT5 Web API
// (TRADING_PLATFORM=mt5-webapi; its local fake MT5 server on a known port, so a journey opens the
// fake's control page as a trader's MetaTrader terminal). E2E_MT5_PORT overrides; by default the
// two ports after E2E_PORT.

export function mt5AppPorts(mainPort: number) {
  const port = Number(process.env.E2E_MT5_PORT ?? mainPort + 1)
  const fakePort = port + 1
  return {
    port,
    fakePort,
    baseURL: `http://localhost:${port}`,
    controlURL: `http://127.0.0.1:${fakePort}/control`,
  }
}

/** The MT5 app of this run (the main app's port from E2E_PORT, as playwright.config.ts reads it). */
export const mt5App = mt5AppPorts(Number(process.env.E2E_PORT ?? 3210))
