import { expect, type APIRequestContext } from '@playwright/test'
import { demoAdmin, loginToken } from './api'

// The scenario driver (/api/dev/scenarios, admin only, never in production): accounts with a
// past and scripted prices, so journeys reach breaches and passes deterministically.

export type ScenarioTrade = {
  symbol: string
  side: 'buy' | 'sell'
  volume: string
  openPrice: string
  closePrice: string
  openDaysAgo: number
  durationMinutes: number
}

export type ScenarioAccount = { id: string; login: string; server: string }

async function adminHeaders(request: APIRequestContext) {
  return { authorization: `Bearer ${await loginToken(request, demoAdmin)}` }
}

export async function createScenarioAccount(
  request: APIRequestContext,
  body: {
    email: string
    challenge?: 'twoPhase' | 'instantFund'
    sizeK?: number
    platform?: 'mt4' | 'mt5'
    stage?: 'phase1' | 'phase2' | 'funded'
    startDaysAgo?: number
    trades?: ScenarioTrade[]
  },
): Promise<ScenarioAccount> {
  const response = await request.post('/api/dev/scenarios/accounts', {
    headers: await adminHeaders(request),
    data: body,
  })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as { account: ScenarioAccount }).account
}

/** Plays a scripted path as this account's own market for `symbol`. */
export async function playPricePath(
  request: APIRequestContext,
  accountId: string,
  path: {
    symbol: string
    waypoints: { offsetMs: number; price: string }[]
    tickIntervalMs?: number
  },
  mode: 'realtime' | 'instant' = 'realtime',
): Promise<void> {
  const response = await request.post(`/api/dev/scenarios/accounts/${accountId}/price-path`, {
    headers: await adminHeaders(request),
    data: { path, mode },
  })
  expect(response.status(), await response.text()).toBe(200)
}
