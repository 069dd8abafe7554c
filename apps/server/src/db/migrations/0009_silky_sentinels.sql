CREATE TABLE "leaderboard_entries" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"month" text NOT NULL,
	"stage" text NOT NULL,
	"account_size_cents" bigint NOT NULL,
	"total_trades" integer NOT NULL,
	"win_trades" integer NOT NULL,
	"gross_profit_cents" bigint NOT NULL,
	"gross_loss_cents" bigint NOT NULL,
	"monthly_return_bp" integer NOT NULL,
	"last_month_return_bp" integer NOT NULL,
	"trend_bp" jsonb NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "is_on_leaderboard" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "leaderboard_entries" ADD CONSTRAINT "leaderboard_entries_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_entries" ADD CONSTRAINT "leaderboard_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leaderboard_entries_month_return_idx" ON "leaderboard_entries" USING btree ("month","monthly_return_bp");