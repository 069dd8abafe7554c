CREATE TYPE "public"."challenge_stage" AS ENUM('phase1', 'phase2', 'funded');--> statement-breakpoint
CREATE TYPE "public"."challenge_type" AS ENUM('twoPhase', 'instantFund');--> statement-breakpoint
CREATE TYPE "public"."evaluation_event_kind" AS ENUM('snapshot', 'trade-open', 'trade-close');--> statement-breakpoint
CREATE TYPE "public"."trading_account_status" AS ENUM('provisioning', 'active', 'passed', 'failed', 'suspended');--> statement-breakpoint
CREATE TYPE "public"."trading_platform" AS ENUM('mt4', 'mt5');--> statement-breakpoint
CREATE SEQUENCE "public"."sim_login_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 7000001 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."sim_ticket_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10000001 CACHE 1;--> statement-breakpoint
CREATE TABLE "account_days" (
	"account_id" uuid NOT NULL,
	"date" text NOT NULL,
	"anchor" numeric NOT NULL,
	"daily_floor" numeric,
	"max_floor" numeric,
	"min_equity" numeric NOT NULL,
	"closed_profit" numeric NOT NULL,
	"traded" boolean NOT NULL,
	"paused" boolean NOT NULL,
	CONSTRAINT "account_days_account_id_date_pk" PRIMARY KEY("account_id","date")
);
--> statement-breakpoint
CREATE TABLE "breaches" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"rule" text NOT NULL,
	"t_ms" bigint NOT NULL,
	"balance_cents" bigint NOT NULL,
	"equity_cents" bigint NOT NULL,
	"floor" numeric NOT NULL,
	"rulebook_version" text NOT NULL,
	"plan_key" text NOT NULL,
	"open_positions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"challenge_type" "challenge_type" NOT NULL,
	"size_k" integer NOT NULL,
	"platform" "trading_platform" NOT NULL,
	"add_ons" jsonb DEFAULT '{"profitSplit100":false,"fastPayout":false}'::jsonb NOT NULL,
	"rulebook_version" text NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluation_events" (
	"account_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"kind" "evaluation_event_kind" NOT NULL,
	"t_ms" bigint NOT NULL,
	"balance_cents" bigint,
	"equity_cents" bigint,
	"trade_id" text,
	"symbol" text,
	"side" text,
	"volume_units" integer,
	"open_price_points" bigint,
	"close_price_points" bigint,
	"profit_cents" bigint,
	"commission_cents" bigint,
	"swap_cents" bigint,
	CONSTRAINT "evaluation_events_account_id_seq_pk" PRIMARY KEY("account_id","seq")
);
--> statement-breakpoint
CREATE TABLE "trading_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"challenge_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"stage" "challenge_stage" NOT NULL,
	"plan_key" text NOT NULL,
	"rulebook_version" text NOT NULL,
	"size_k" integer NOT NULL,
	"platform" "trading_platform" NOT NULL,
	"adapter" text NOT NULL,
	"external_id" text,
	"login" text,
	"server" text,
	"password_cipher" text,
	"investor_password_cipher" text,
	"leverage" integer NOT NULL,
	"initial_balance_cents" bigint NOT NULL,
	"status" "trading_account_status" DEFAULT 'provisioning' NOT NULL,
	"is_trading_enabled" boolean DEFAULT true NOT NULL,
	"previous_account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"evaluator_state" jsonb,
	"evaluator_seq" integer DEFAULT 0 NOT NULL,
	"final_meters" jsonb,
	"provisioning_lease_until" timestamp with time zone,
	"provisioning_attempts" integer DEFAULT 0 NOT NULL,
	"provisioning_error" text
);
--> statement-breakpoint
CREATE TABLE "sim_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" text NOT NULL,
	"login" bigint NOT NULL,
	"server" text NOT NULL,
	"platform" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"investor_password_hash" text NOT NULL,
	"balance_cents" bigint NOT NULL,
	"leverage" integer NOT NULL,
	"max_lots_per_forex_order" integer NOT NULL,
	"margin_call_percent" integer NOT NULL,
	"stop_out_percent" integer NOT NULL,
	"is_weekend_holding_allowed" boolean DEFAULT true NOT NULL,
	"is_trading_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_bars" (
	"symbol" text NOT NULL,
	"t_ms" bigint NOT NULL,
	"open" bigint NOT NULL,
	"high" bigint NOT NULL,
	"low" bigint NOT NULL,
	"close" bigint NOT NULL,
	"tick_volume" integer NOT NULL,
	CONSTRAINT "sim_bars_symbol_t_ms_pk" PRIMARY KEY("symbol","t_ms")
);
--> statement-breakpoint
CREATE TABLE "sim_deals" (
	"id" bigint PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"position_id" bigint,
	"entry" text NOT NULL,
	"symbol" text,
	"side" text,
	"volume_units" integer,
	"price_points" bigint,
	"open_price_points" bigint,
	"open_time_ms" bigint,
	"time_ms" bigint NOT NULL,
	"profit_cents" bigint DEFAULT 0 NOT NULL,
	"swap_cents" bigint DEFAULT 0 NOT NULL,
	"commission_cents" bigint DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"balance_after_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_market" (
	"id" smallint PRIMARY KEY NOT NULL,
	"state" jsonb NOT NULL,
	"last_rollover_ms" bigint NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_orders" (
	"id" bigint PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"type" text NOT NULL,
	"volume_units" integer NOT NULL,
	"price_points" bigint NOT NULL,
	"stop_loss_points" bigint,
	"take_profit_points" bigint,
	"created_at_ms" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_positions" (
	"id" bigint PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"volume_units" integer NOT NULL,
	"initial_volume_units" integer NOT NULL,
	"open_price_points" bigint NOT NULL,
	"open_time_ms" bigint NOT NULL,
	"stop_loss_points" bigint,
	"take_profit_points" bigint,
	"swap_cents" bigint DEFAULT 0 NOT NULL,
	"commission_cents" bigint DEFAULT 0 NOT NULL,
	"realized_profit_cents" bigint DEFAULT 0 NOT NULL,
	"realized_swap_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_days" ADD CONSTRAINT "account_days_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breaches" ADD CONSTRAINT "breaches_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_events" ADD CONSTRAINT "evaluation_events_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_accounts" ADD CONSTRAINT "trading_accounts_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_accounts" ADD CONSTRAINT "trading_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_deals" ADD CONSTRAINT "sim_deals_account_id_sim_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."sim_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_orders" ADD CONSTRAINT "sim_orders_account_id_sim_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."sim_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_positions" ADD CONSTRAINT "sim_positions_account_id_sim_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."sim_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "challenges_user_idx" ON "challenges" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "challenges_order_key" ON "challenges" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trading_accounts_stage_key" ON "trading_accounts" USING btree ("challenge_id","stage");--> statement-breakpoint
CREATE INDEX "trading_accounts_user_idx" ON "trading_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "trading_accounts_status_idx" ON "trading_accounts" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_accounts_request_key" ON "sim_accounts" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_accounts_login_key" ON "sim_accounts" USING btree ("login");--> statement-breakpoint
CREATE INDEX "sim_deals_account_time_idx" ON "sim_deals" USING btree ("account_id","time_ms");--> statement-breakpoint
CREATE INDEX "sim_orders_account_idx" ON "sim_orders" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "sim_positions_account_idx" ON "sim_positions" USING btree ("account_id");