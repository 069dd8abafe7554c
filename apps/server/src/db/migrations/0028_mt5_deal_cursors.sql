-- The MT5 Web API adapter's deal watermark per login (decision 0053): the newest deal already
-- reported as position events (UTC ms, ticket), so a restart never reports a deal twice.
CREATE TABLE "mt5_deal_cursors" (
	"login" text PRIMARY KEY NOT NULL,
	"deal_time_ms" bigint NOT NULL,
	"deal" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
