-- The admin dashboard's covering indexes (decision 0039): its sales, accounts, pass rates and
-- funds read from narrow indexes, not from the orders' and accounts' wide rows.
CREATE INDEX "trading_accounts_provisioned_idx" ON "trading_accounts" USING btree ("plan_key","stage","status","initial_balance_cents") WHERE external_id is not null;--> statement-breakpoint
CREATE INDEX "orders_kept_sales_idx" ON "orders" USING btree ("paid_at","challenge_type","size_k","method","total_cents") WHERE paid_at is not null and status <> 'refunded';
