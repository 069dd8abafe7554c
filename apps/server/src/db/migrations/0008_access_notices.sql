-- Access notices (decision 0024): a change of a user's role or status, or of a session (ended,
-- deleted), notifies channel `access_changed` in the transaction that makes it, whoever makes it
-- (the app, another instance, an operator in psql). Caches of "who is calling" drop the entry.
CREATE OR REPLACE FUNCTION notify_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('access_changed', TG_ARGV[0] || ':' || OLD.id::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_access_changed AFTER UPDATE OF role, status OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_access_changed('user');
--> statement-breakpoint
CREATE TRIGGER sessions_access_changed AFTER UPDATE OF revoked_at, user_id OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_access_changed('session');
