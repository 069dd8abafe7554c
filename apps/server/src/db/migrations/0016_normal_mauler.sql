ALTER TABLE "payouts" ADD COLUMN "late_bonus_owed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "late_bonus_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "late_bonus_reference" text;