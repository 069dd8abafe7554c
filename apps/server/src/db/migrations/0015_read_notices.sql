-- Read notices (decision 0028): a change of a trading account (any column but the risk flush's
-- checkpoint, evaluator_state and evaluator_seq, which the cached row does not carry), of an order
-- or of a payment notifies channel `access_changed` in the transaction that makes it, whoever
-- makes it: `account:<id>`, `orders:<user id>`. The read caches drop the entry.
-- New columns of trading_accounts must be added to the trigger's list (test/read-cache.test.ts
-- checks that every column but the checkpoint's is in it).
CREATE OR REPLACE FUNCTION notify_account_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('access_changed', 'account:' || OLD.id::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER trading_accounts_read_changed AFTER UPDATE OF id, challenge_id, user_id, stage,
  plan_key, rulebook_version, size_k, platform, adapter, external_id, login, server,
  password_cipher, investor_password_cipher, leverage, initial_balance_cents, status,
  is_trading_enabled, previous_account_id, created_at, started_at, ended_at, final_meters,
  provisioning_lease_until, provisioning_attempts, provisioning_error, credentials_sent_at
  OR DELETE ON trading_accounts
  FOR EACH ROW EXECUTE FUNCTION notify_account_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('access_changed', 'orders:' || OLD.user_id::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('access_changed', 'orders:' || NEW.user_id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_read_changed AFTER INSERT OR UPDATE OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION notify_orders_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_payment_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner uuid;
BEGIN
  -- the order's owner (an order deleted with its payments notifies through its own trigger)
  FOR owner IN
    SELECT o.user_id FROM orders o
    WHERE (TG_OP <> 'INSERT' AND o.id = OLD.order_id) OR (TG_OP <> 'DELETE' AND o.id = NEW.order_id)
  LOOP
    PERFORM pg_notify('access_changed', 'orders:' || owner::text);
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payments_read_changed AFTER INSERT OR UPDATE OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION notify_payment_changed();
