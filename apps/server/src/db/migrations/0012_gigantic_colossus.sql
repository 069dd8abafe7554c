CREATE TABLE "statement_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"platform" text NOT NULL,
	"login" text NOT NULL,
	"currency" text NOT NULL,
	"total_trades" integer NOT NULL,
	"total_net_profit_cents" bigint NOT NULL,
	"first_trade_at" timestamp with time zone,
	"last_trade_at" timestamp with time zone,
	"summary" jsonb NOT NULL,
	"trades" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "statement_imports_user_created_idx" ON "statement_imports" USING btree ("user_id","created_at");