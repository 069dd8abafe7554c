// What `npm run bench` needs of the server (exported as `@tp/server/bench`): the whole app on a
// database the benchmark fills directly, so 10,000 accounts exist in seconds, not hours.
export { loadEnv } from '../../src/config/env'
export { startServer, type RunningServer } from '../../src/server'
export * as schema from '../../src/db/schema'
export { createDatabaseTemplate, openDatabaseFromTemplate } from './database'
export { createOrder } from '../../src/modules/orders/create-order'
export { confirmOrderPaid } from '../../src/modules/orders/confirm-payment'
export { startSession } from '../../src/modules/auth/start-session'
export { renderCertificate } from '../../src/modules/certificates/render-certificate'
export { openDatabase } from '../../src/db/open-database'
export { toSummaryDto } from '../../src/modules/orders/price-order'
export { startMt5Fake } from '../../src/integrations/trading-platform/mt5-webapi/fake/mt5-fake'
export type { Mt5WebApiPlatform } from '../../src/integrations/trading-platform/mt5-webapi/mt5-webapi-platform'
