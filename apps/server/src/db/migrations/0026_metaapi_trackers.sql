CREATE TABLE "metaapi_stream_cursors" (
	"stream" text PRIMARY KEY NOT NULL,
	"sequence_number" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "metaapi_accounts" ADD COLUMN "trackers" jsonb;