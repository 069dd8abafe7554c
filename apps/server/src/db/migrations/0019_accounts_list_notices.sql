-- Accounts-list notices (decision 0040): a trading account created, deleted or moved to another
-- user notifies channel `access_changed` with `accounts:<user id>` (each user concerned) in the
-- transaction that makes the change, whoever makes it; the read cache drops that user's list of
-- accounts. Any other change of a listed account arrives as migration 0015's `account:<id>`,
-- which drops the list that holds it. The risk flush's checkpoint updates fire neither.
CREATE OR REPLACE FUNCTION notify_account_list_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('access_changed', 'accounts:' || OLD.user_id::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('access_changed', 'accounts:' || NEW.user_id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER trading_accounts_list_changed AFTER INSERT OR DELETE OR UPDATE OF user_id
  ON trading_accounts
  FOR EACH ROW EXECUTE FUNCTION notify_account_list_changed();
