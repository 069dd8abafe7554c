CREATE TABLE "tradelocker_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"link_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"tradelocker_id" text NOT NULL,
	"acc_num" text NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"balance_cents" bigint NOT NULL,
	"trades" jsonb NOT NULL,
	"open_fills" jsonb NOT NULL,
	"total_trades" integer NOT NULL,
	"total_net_profit_cents" bigint NOT NULL,
	"imported_through_ms" bigint NOT NULL,
	"last_imported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tradelocker_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"server" text NOT NULL,
	"account_type" text NOT NULL,
	"access_token_sealed" text,
	"refresh_token_sealed" text,
	"access_expires_at" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"last_error" text,
	"last_refreshed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tradelocker_accounts" ADD CONSTRAINT "tradelocker_accounts_link_id_tradelocker_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."tradelocker_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tradelocker_accounts" ADD CONSTRAINT "tradelocker_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tradelocker_links" ADD CONSTRAINT "tradelocker_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tradelocker_accounts_link_account_idx" ON "tradelocker_accounts" USING btree ("link_id","tradelocker_id");--> statement-breakpoint
CREATE INDEX "tradelocker_accounts_user_idx" ON "tradelocker_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tradelocker_links_login_idx" ON "tradelocker_links" USING btree ("user_id","account_type","server","email");