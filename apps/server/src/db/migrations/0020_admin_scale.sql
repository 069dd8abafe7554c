-- The admin area at scale (decision 0039): trigram indexes for the users' and accounts' searches
-- (pg_trgm: PostgreSQL's contrib, and PGlite's, loaded by db/embedded-postgres-backend.ts),
-- covering indexes for the users table's Price and Fund, the accounts and orders newest first,
-- and each ledger's trade events counted per account by a trigger (the dashboard's trades).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "ledger_trade_counts" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"closed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "trading_accounts_status_idx";--> statement-breakpoint
ALTER TABLE "ledger_trade_counts" ADD CONSTRAINT "ledger_trade_counts_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (lower(coalesce("name", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_sort_idx" ON "users" USING btree (lower("name") asc nulls first);--> statement-breakpoint
CREATE INDEX "trading_accounts_created_at_idx" ON "trading_accounts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "trading_accounts_status_created_at_idx" ON "trading_accounts" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "trading_accounts_login_trgm_idx" ON "trading_accounts" USING gin ("login" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "trading_accounts_active_user_idx" ON "trading_accounts" USING btree ("user_id","initial_balance_cents") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "orders_kept_user_idx" ON "orders" USING btree ("user_id","total_cents") WHERE paid_at is not null and status <> 'refunded';--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at","id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION count_ledger_trade() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_trade_counts AS c (account_id, opened, closed)
  VALUES (NEW.account_id, (NEW.kind = 'trade-open')::int, (NEW.kind = 'trade-close')::int)
  ON CONFLICT (account_id) DO UPDATE
    SET opened = c.opened + excluded.opened, closed = c.closed + excluded.closed;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- fired by trade events only: the risk flush's snapshots (nearly every ledger row) skip it
CREATE TRIGGER evaluation_events_count_trades AFTER INSERT ON evaluation_events
  FOR EACH ROW WHEN (NEW.kind <> 'snapshot') EXECUTE FUNCTION count_ledger_trade();
--> statement-breakpoint
INSERT INTO ledger_trade_counts (account_id, opened, closed)
  SELECT account_id, count(*) FILTER (WHERE kind = 'trade-open'),
    count(*) FILTER (WHERE kind = 'trade-close')
  FROM evaluation_events WHERE kind <> 'snapshot' GROUP BY account_id;
