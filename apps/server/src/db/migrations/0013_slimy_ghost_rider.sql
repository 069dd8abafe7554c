CREATE TABLE "trade_journal_entries" (
	"account_id" uuid NOT NULL,
	"trade_id" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "trade_journal_entries_account_id_trade_id_pk" PRIMARY KEY("account_id","trade_id")
);
--> statement-breakpoint
ALTER TABLE "trade_journal_entries" ADD CONSTRAINT "trade_journal_entries_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE cascade ON UPDATE no action;