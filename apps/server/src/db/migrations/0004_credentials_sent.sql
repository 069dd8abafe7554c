ALTER TABLE "trading_accounts" ADD COLUMN "credentials_sent_at" timestamp with time zone;--> statement-breakpoint
-- accounts activated before this column: their credentials email went out then
UPDATE "trading_accounts" SET "credentials_sent_at" = COALESCE("started_at", "created_at") WHERE "status" <> 'provisioning';
