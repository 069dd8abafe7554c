CREATE TYPE "public"."economic_event_source" AS ENUM('manual', 'csv', 'ics', 'feed', 'demo');--> statement-breakpoint
CREATE TYPE "public"."economic_impact" AS ENUM('high', 'medium', 'low');--> statement-breakpoint
CREATE TYPE "public"."news_violation_kind" AS ENUM('open', 'close');--> statement-breakpoint
CREATE TABLE "economic_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"title" text NOT NULL,
	"impact" "economic_impact" NOT NULL,
	"source" "economic_event_source" NOT NULL,
	"source_uid" text,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_violations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" "news_violation_kind" NOT NULL,
	"position_id" text NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"volume" double precision NOT NULL,
	"trade_time" timestamp with time zone NOT NULL,
	"event_id" uuid,
	"event_time" timestamp with time zone NOT NULL,
	"event_currency" text NOT NULL,
	"event_title" text NOT NULL,
	"signed_distance_ms" bigint NOT NULL,
	"blackout_minutes" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "economic_events" ADD CONSTRAINT "economic_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "economic_events" ADD CONSTRAINT "economic_events_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_violations" ADD CONSTRAINT "news_violations_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_violations" ADD CONSTRAINT "news_violations_event_id_economic_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."economic_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "economic_events_source_uid_key" ON "economic_events" USING btree ("source","source_uid");--> statement-breakpoint
CREATE INDEX "economic_events_time_idx" ON "economic_events" USING btree ("time");--> statement-breakpoint
CREATE INDEX "economic_events_restricting_idx" ON "economic_events" USING btree ("currency","time") WHERE "economic_events"."impact" = 'high';--> statement-breakpoint
CREATE UNIQUE INDEX "news_violations_once_key" ON "news_violations" USING btree ("account_id","position_id","kind","event_time","event_currency");--> statement-breakpoint
CREATE INDEX "news_violations_account_idx" ON "news_violations" USING btree ("account_id","trade_time");