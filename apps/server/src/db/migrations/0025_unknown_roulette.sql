CREATE TABLE "metaapi_accounts" (
	"external_id" text PRIMARY KEY NOT NULL,
	"deal_cursor_ms" bigint DEFAULT 0 NOT NULL,
	"cursor_deal_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"final_info" jsonb,
	"final_deals" jsonb,
	"ended_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
