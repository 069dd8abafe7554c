import { z } from 'zod'

// MetaApi's wire shapes (contracts/integrations.md section 3; metaapi.cloud provisioning and
// client REST docs), as far as the adapter reads them. Unknown fields pass through untouched;
// numbers are JSON numbers (MetaApi sends decimals as floats), turned into the port's integer
// units by metaapi-units.ts.

/** Account states of the provisioning API (MetatraderAccountDto.state). */
export const metaApiAccountStates = [
  'CREATED',
  'DEPLOYING',
  'DEPLOYED',
  'DEPLOY_FAILED',
  'UNDEPLOYING',
  'UNDEPLOYED',
  'UNDEPLOY_FAILED',
  'DELETING',
  'DELETE_FAILED',
  'REDEPLOY_FAILED',
  'DRAFT',
] as const
export type MetaApiAccountState = (typeof metaApiAccountStates)[number]

export const metaApiConnectionStatuses = [
  'CONNECTED',
  'DISCONNECTED',
  'DISCONNECTED_FROM_BROKER',
] as const

/** The error body of every MetaApi API: {id, error, message, details?, metadata?}. */
export const metaApiErrorBodySchema = z.looseObject({
  id: z.number().optional(),
  error: z.string().optional(),
  message: z.string().optional(),
  details: z.unknown().optional(),
  metadata: z.looseObject({ recommendedRetryTime: z.string().optional() }).optional(),
})
export type MetaApiErrorBody = z.infer<typeof metaApiErrorBodySchema>

/** POST /users/current/provisioning-profiles/{id}/mt{4,5}-demo-accounts: the credentials. */
export const demoAccountCredentialsSchema = z.looseObject({
  login: z.union([z.string(), z.number()]).transform(String),
  password: z.string(),
  serverName: z.string(),
  investorPassword: z.string(),
})

/** POST /users/current/accounts: 201 {id, state}. */
export const createdAccountSchema = z.looseObject({
  id: z.string().min(1),
  state: z.string().optional(),
})

/** GET /users/current/accounts/{id} */
export const accountDtoSchema = z.looseObject({
  _id: z.string().min(1),
  name: z.string().optional(),
  login: z.union([z.string(), z.number()]).transform(String),
  server: z.string(),
  platform: z.enum(['mt4', 'mt5']).optional(),
  version: z.number().optional(),
  state: z.enum(metaApiAccountStates),
  connectionStatus: z.enum(metaApiConnectionStatuses).optional(),
  metastatsApiEnabled: z.boolean().optional(),
  riskManagementApiEnabled: z.boolean().optional(),
})
export type MetaApiAccountDto = z.output<typeof accountDtoSchema>

/** GET {client}/users/current/accounts/{id}/account-information (MetatraderAccountInformation) */
export const accountInformationSchema = z.looseObject({
  platform: z.string(),
  broker: z.string().optional(),
  currency: z.string(),
  server: z.string(),
  balance: z.number(),
  equity: z.number(),
  margin: z.number(),
  freeMargin: z.number(),
  leverage: z.number(),
  marginLevel: z.number().nullish(),
  tradeAllowed: z.boolean(),
  name: z.string().optional(),
  login: z.union([z.string(), z.number()]).transform(String),
  credit: z.number().optional(),
})
export type MetaApiAccountInformation = z.output<typeof accountInformationSchema>

/** GET .../positions (MetatraderPosition) */
export const positionSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  type: z.enum(['POSITION_TYPE_BUY', 'POSITION_TYPE_SELL']),
  symbol: z.string(),
  time: z.string(),
  openPrice: z.number(),
  currentPrice: z.number().nullish(),
  stopLoss: z.number().nullish(),
  takeProfit: z.number().nullish(),
  volume: z.number(),
  profit: z.number().optional(),
  unrealizedProfit: z.number().optional(),
  swap: z.number().optional(),
  commission: z.number().optional(),
  margin: z.number().optional(),
})
export type MetaApiPosition = z.output<typeof positionSchema>

/** GET .../orders (MetatraderOrder) */
export const orderSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  type: z.string(),
  symbol: z.string(),
  time: z.string(),
  openPrice: z.number().nullish(),
  volume: z.number().optional(),
  currentVolume: z.number().optional(),
  stopLoss: z.number().nullish(),
  takeProfit: z.number().nullish(),
})
export type MetaApiOrder = z.output<typeof orderSchema>

/** GET .../history-deals/time/{start}/{end} (MetatraderDeal) */
export const dealSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  type: z.string(),
  entryType: z.string().optional(),
  symbol: z.string().optional(),
  time: z.string(),
  volume: z.number().optional(),
  price: z.number().optional(),
  commission: z.number().optional(),
  swap: z.number().optional(),
  profit: z.number(),
  positionId: z.union([z.string(), z.number()]).transform(String).optional(),
  reason: z.string().optional(),
})
export type MetaApiDeal = z.output<typeof dealSchema>

/** POST .../trade (MetatraderTradeResponse) */
export const tradeResponseSchema = z.looseObject({
  numericCode: z.number(),
  stringCode: z.string(),
  message: z.string().optional(),
  positionId: z.union([z.string(), z.number()]).transform(String).optional(),
})

/** The trade return codes MetaApi reports as success (TRADE_RETCODE_DONE, PLACED, partial). */
export const successfulTradeCodes = new Set([
  'ERR_NO_ERROR',
  'TRADE_RETCODE_PLACED',
  'TRADE_RETCODE_DONE',
  'TRADE_RETCODE_DONE_PARTIAL',
  'TRADE_RETCODE_NO_CHANGES',
])

/** The periods of a risk-management tracker (contracts/integrations.md 3.5). */
export const trackerPeriods = [
  'day',
  'date',
  'week',
  'week-to-date',
  'month',
  'month-to-date',
  'quarter',
  'quarter-to-date',
  'year',
  'year-to-date',
  'lifetime',
] as const
export type TrackerPeriod = (typeof trackerPeriods)[number]

/** POST {risk}/users/current/accounts/{id}/trackers: the body (one threshold at least) */
export type NewTracker = {
  name: string
  period: TrackerPeriod
  absoluteDrawdownThreshold?: number
  relativeDrawdownThreshold?: number
  absoluteProfitThreshold?: number
  relativeProfitThreshold?: number
}

/** POST .../trackers: {id} */
export const trackerIdSchema = z.looseObject({ id: z.string().min(1) })

/** GET .../trackers/{id}, .../trackers/name/{name} (Tracker) */
export const trackerSchema = z.looseObject({
  _id: z.string().min(1),
  name: z.string(),
  accountId: z.string().optional(),
  period: z.string(),
  absoluteDrawdownThreshold: z.number().optional(),
  relativeDrawdownThreshold: z.number().optional(),
  absoluteProfitThreshold: z.number().optional(),
  relativeProfitThreshold: z.number().optional(),
})
export type MetaApiTracker = z.output<typeof trackerSchema>

/** GET {risk}/users/current/tracker-events/stream: TrackerEvent[] (contract 3.5) */
export const trackerEventSchema = z.looseObject({
  sequenceNumber: z.number().int(),
  accountId: z.string().min(1),
  trackerId: z.string().min(1),
  startBrokerTime: z.string().optional(),
  endBrokerTime: z.string().optional(),
  period: z.string().optional(),
  brokerTime: z.string().optional(),
  absoluteDrawdown: z.number().optional(),
  relativeDrawdown: z.number().optional(),
  absoluteProfit: z.number().optional(),
  relativeProfit: z.number().optional(),
  exceededThresholdType: z.enum(['profit', 'drawdown']).optional(),
})
export type MetaApiTrackerEvent = z.output<typeof trackerEventSchema>
