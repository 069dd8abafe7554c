ALTER TABLE "orders" ADD COLUMN "is_coupon_reserved" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_coupon_idx" ON "orders" USING btree ("coupon_id");--> statement-breakpoint
-- orders made before reservations hold their coupon's use while they are still in play
UPDATE "orders" SET "is_coupon_reserved" = true
WHERE "coupon_id" IS NOT NULL
  AND "status" IN ('pending', 'paid', 'provisioning', 'fulfilled', 'under_review');
