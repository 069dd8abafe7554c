CREATE TYPE "public"."policy_action" AS ENUM('closed', 'trading-disabled', 'none');--> statement-breakpoint
CREATE TYPE "public"."policy_rule" AS ENUM('lot-cap', 'weekend-holding', 'market-hours');--> statement-breakpoint
CREATE TABLE "policy_violations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"rule" "policy_rule" NOT NULL,
	"position_id" text NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"volume" integer NOT NULL,
	"limit_volume" integer,
	"trade_time" timestamp with time zone NOT NULL,
	"action" "policy_action" NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "policy_violations" ADD CONSTRAINT "policy_violations_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "policy_violations_once_key" ON "policy_violations" USING btree ("account_id","rule","position_id");--> statement-breakpoint
CREATE INDEX "policy_violations_account_idx" ON "policy_violations" USING btree ("account_id","created_at");