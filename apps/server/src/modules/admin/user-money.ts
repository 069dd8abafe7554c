import { sql, type SQL } from 'drizzle-orm'

// The two money figures of a user, as docs/admin-metrics.md defines them (one definition, used by
// the users table and the dashboard): price = what the user paid for orders that stay paid (net of
// refunds), fund = the initial balances of the user's active trading accounts; USD cents.

/** An order whose money the firm keeps: paid once and not refunded. */
export const keptOrder = (alias: string): SQL =>
  sql.raw(`${alias}.paid_at is not null and ${alias}.status <> 'refunded'`)

/** The user's price (USD cents) for the user row `u`. */
export const userPriceCents = sql.raw(
  `coalesce((select sum(o.total_cents) from orders o where o.user_id = u.id and o.paid_at is not null and o.status <> 'refunded'), 0)`,
)

/** The user's fund (USD cents) for the user row `u`. */
export const userFundCents = sql.raw(
  `coalesce((select sum(a.initial_balance_cents) from trading_accounts a where a.user_id = u.id and a.status = 'active'), 0)`,
)
