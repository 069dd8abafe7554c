-- The admin dashboard's roll-ups (decision 0046): each card's aggregate kept exact by triggers in
-- the writing transaction (users, billing_profiles, trading_accounts, orders, breaches and the
-- ledger's trade counts), so the summary reads a handful of rows; admin_rollups_rebuild()
-- recomputes them from scratch (the backfill below, the bench fixture).
CREATE TABLE "admin_account_groups" (
	"status" "trading_account_status" NOT NULL,
	"plan_key" text NOT NULL,
	"stage" "challenge_stage" NOT NULL,
	"platform" "trading_platform" NOT NULL,
	"provisioned" boolean NOT NULL,
	"accounts" integer NOT NULL,
	"initial_balance_cents" bigint NOT NULL,
	CONSTRAINT "admin_account_groups_status_plan_key_stage_platform_provisioned_pk" PRIMARY KEY("status","plan_key","stage","platform","provisioned")
);
--> statement-breakpoint
CREATE TABLE "admin_breach_rules" (
	"rule" text PRIMARY KEY NOT NULL,
	"breaches" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_sales_days" (
	"day" date PRIMARY KEY NOT NULL,
	"orders" integer NOT NULL,
	"cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_sales_plans" (
	"challenge_type" "challenge_type" NOT NULL,
	"size_k" integer NOT NULL,
	"method" "payment_method" NOT NULL,
	"orders" integer NOT NULL,
	"cents" bigint NOT NULL,
	CONSTRAINT "admin_sales_plans_challenge_type_size_k_method_pk" PRIMARY KEY("challenge_type","size_k","method")
);
--> statement-breakpoint
CREATE TABLE "admin_trade_totals" (
	"active" boolean PRIMARY KEY NOT NULL,
	"opened" bigint NOT NULL,
	"closed" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_user_counts" (
	"role" "user_role" NOT NULL,
	"status" "user_status" NOT NULL,
	"email_verified" boolean NOT NULL,
	"has_phone" boolean NOT NULL,
	"has_active_account" boolean NOT NULL,
	"users" integer NOT NULL,
	CONSTRAINT "admin_user_counts_role_status_email_verified_has_phone_has_active_account_pk" PRIMARY KEY("role","status","email_verified","has_phone","has_active_account")
);
--> statement-breakpoint
CREATE TABLE "admin_user_facts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"role" "user_role" NOT NULL,
	"status" "user_status" NOT NULL,
	"email_verified" boolean NOT NULL,
	"own_phone" boolean NOT NULL,
	"billing_phone" boolean NOT NULL,
	"active_accounts" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_trade_counts" ADD COLUMN "active" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_user_facts" ADD CONSTRAINT "admin_user_facts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trading_accounts_status_size_idx" ON "trading_accounts" USING btree ("status","size_k","created_at","id");
--> statement-breakpoint

-- A roll-up's delta: the old row's key takes -1 and the new row's +1, netted per key and written
-- in key order (two writers never take the same roll-up rows in opposite orders).
CREATE OR REPLACE FUNCTION admin_rollup_user_facts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- admin_rollups_rebuild() recomputes the roll-ups itself (see there)
  IF current_setting('tp.admin_rollups_rebuild', true) = 'on' THEN RETURN NULL; END IF;
  INSERT INTO admin_user_counts AS c (role, status, email_verified, has_phone, has_active_account, users)
  SELECT d.role, d.status, d.email_verified, d.has_phone, d.has_active_account, sum(d.n)
  FROM (
    SELECT OLD.role, OLD.status, OLD.email_verified, OLD.own_phone OR OLD.billing_phone,
      OLD.active_accounts > 0, -1 WHERE TG_OP <> 'INSERT'
    UNION ALL
    SELECT NEW.role, NEW.status, NEW.email_verified, NEW.own_phone OR NEW.billing_phone,
      NEW.active_accounts > 0, 1 WHERE TG_OP <> 'DELETE'
  ) d(role, status, email_verified, has_phone, has_active_account, n)
  GROUP BY 1, 2, 3, 4, 5 HAVING sum(d.n) <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (role, status, email_verified, has_phone, has_active_account)
  DO UPDATE SET users = c.users + excluded.users;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER admin_user_facts_rollup AFTER INSERT OR UPDATE OR DELETE ON admin_user_facts
  FOR EACH ROW EXECUTE FUNCTION admin_rollup_user_facts();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION admin_user_facts_from_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO admin_user_facts (user_id, role, status, email_verified, own_phone, billing_phone, active_accounts)
    VALUES (NEW.id, NEW.role, NEW.status, NEW.email_verified, coalesce(NEW.phone, '') <> '',
      EXISTS (SELECT 1 FROM billing_profiles b WHERE b.user_id = NEW.id AND b.phone <> ''),
      (SELECT count(*) FROM trading_accounts a WHERE a.user_id = NEW.id AND a.status = 'active'));
  ELSE
    UPDATE admin_user_facts SET role = NEW.role, status = NEW.status,
      email_verified = NEW.email_verified, own_phone = coalesce(NEW.phone, '') <> ''
    WHERE user_id = NEW.id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_admin_facts_insert AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION admin_user_facts_from_user();
--> statement-breakpoint
-- only what the cards read: a sign-in's or a profile's other changes pay nothing
CREATE TRIGGER users_admin_facts_update AFTER UPDATE OF role, status, email_verified, phone ON users
  FOR EACH ROW WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.email_verified IS DISTINCT FROM NEW.email_verified
    OR (coalesce(OLD.phone, '') <> '') IS DISTINCT FROM (coalesce(NEW.phone, '') <> ''))
  EXECUTE FUNCTION admin_user_facts_from_user();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION admin_user_facts_from_billing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE admin_user_facts f
  SET billing_phone = EXISTS (SELECT 1 FROM billing_profiles b WHERE b.user_id = f.user_id AND b.phone <> '')
  WHERE f.user_id IN (OLD.user_id, NEW.user_id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER billing_profiles_admin_facts AFTER INSERT OR UPDATE OR DELETE ON billing_profiles
  FOR EACH ROW EXECUTE FUNCTION admin_user_facts_from_billing();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION admin_rollup_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- the owner's active accounts (the user cards)
  IF TG_OP <> 'INSERT' AND OLD.status = 'active' THEN
    UPDATE admin_user_facts SET active_accounts = active_accounts - 1 WHERE user_id = OLD.user_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'active' THEN
    UPDATE admin_user_facts SET active_accounts = active_accounts + 1 WHERE user_id = NEW.user_id;
  END IF;
  -- the account groups (Total Accounts, pass rates, Total Funds)
  INSERT INTO admin_account_groups AS g (status, plan_key, stage, platform, provisioned, accounts, initial_balance_cents)
  SELECT d.status, d.plan_key, d.stage, d.platform, d.provisioned, sum(d.n), sum(d.cents)
  FROM (
    SELECT OLD.status, OLD.plan_key, OLD.stage, OLD.platform, OLD.external_id IS NOT NULL, -1,
      -OLD.initial_balance_cents WHERE TG_OP <> 'INSERT'
    UNION ALL
    SELECT NEW.status, NEW.plan_key, NEW.stage, NEW.platform, NEW.external_id IS NOT NULL, 1,
      NEW.initial_balance_cents WHERE TG_OP <> 'DELETE'
  ) d(status, plan_key, stage, platform, provisioned, n, cents)
  GROUP BY 1, 2, 3, 4, 5 HAVING sum(d.n) <> 0 OR sum(d.cents) <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (status, plan_key, stage, platform, provisioned)
  DO UPDATE SET accounts = g.accounts + excluded.accounts,
    initial_balance_cents = g.initial_balance_cents + excluded.initial_balance_cents;
  -- the account's trade count follows whether it is active (Open Trade)
  IF TG_OP = 'UPDATE' AND (OLD.status = 'active') <> (NEW.status = 'active') THEN
    UPDATE ledger_trade_counts SET active = (NEW.status = 'active') WHERE account_id = NEW.id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER trading_accounts_admin_rollup AFTER INSERT OR DELETE ON trading_accounts
  FOR EACH ROW EXECUTE FUNCTION admin_rollup_account();
--> statement-breakpoint
-- the risk flush's and the checkpoints' updates change none of these columns and pay nothing
CREATE TRIGGER trading_accounts_admin_rollup_update AFTER UPDATE OF status, plan_key, stage,
    platform, external_id, initial_balance_cents, user_id ON trading_accounts
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.plan_key IS DISTINCT FROM NEW.plan_key
    OR OLD.stage IS DISTINCT FROM NEW.stage OR OLD.platform IS DISTINCT FROM NEW.platform
    OR (OLD.external_id IS NULL) <> (NEW.external_id IS NULL)
    OR OLD.initial_balance_cents IS DISTINCT FROM NEW.initial_balance_cents
    OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION admin_rollup_account();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION admin_rollup_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO admin_sales_days AS s (day, orders, cents)
  SELECT d.day, sum(d.n), sum(d.cents)
  FROM (
    SELECT (OLD.paid_at AT TIME ZONE 'UTC')::date, -1, -OLD.total_cents
    WHERE TG_OP <> 'INSERT' AND OLD.paid_at IS NOT NULL AND OLD.status <> 'refunded'
    UNION ALL
    SELECT (NEW.paid_at AT TIME ZONE 'UTC')::date, 1, NEW.total_cents
    WHERE TG_OP <> 'DELETE' AND NEW.paid_at IS NOT NULL AND NEW.status <> 'refunded'
  ) d(day, n, cents)
  GROUP BY 1 HAVING sum(d.n) <> 0 OR sum(d.cents) <> 0 ORDER BY 1
  ON CONFLICT (day) DO UPDATE SET orders = s.orders + excluded.orders, cents = s.cents + excluded.cents;
  INSERT INTO admin_sales_plans AS p (challenge_type, size_k, method, orders, cents)
  SELECT d.challenge_type, d.size_k, d.method, sum(d.n), sum(d.cents)
  FROM (
    SELECT OLD.challenge_type, OLD.size_k, OLD.method, -1, -OLD.total_cents
    WHERE TG_OP <> 'INSERT' AND OLD.paid_at IS NOT NULL AND OLD.status <> 'refunded'
    UNION ALL
    SELECT NEW.challenge_type, NEW.size_k, NEW.method, 1, NEW.total_cents
    WHERE TG_OP <> 'DELETE' AND NEW.paid_at IS NOT NULL AND NEW.status <> 'refunded'
  ) d(challenge_type, size_k, method, n, cents)
  GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0 OR sum(d.cents) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (challenge_type, size_k, method)
  DO UPDATE SET orders = p.orders + excluded.orders, cents = p.cents + excluded.cents;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_admin_rollup AFTER INSERT OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION admin_rollup_order();
--> statement-breakpoint
CREATE TRIGGER orders_admin_rollup_update AFTER UPDATE OF paid_at, status, total_cents,
    challenge_type, size_k, method ON orders
  FOR EACH ROW WHEN (OLD.paid_at IS DISTINCT FROM NEW.paid_at
    OR (OLD.status = 'refunded') <> (NEW.status = 'refunded')
    OR OLD.total_cents IS DISTINCT FROM NEW.total_cents
    OR OLD.challenge_type IS DISTINCT FROM NEW.challenge_type
    OR OLD.size_k IS DISTINCT FROM NEW.size_k OR OLD.method IS DISTINCT FROM NEW.method)
  EXECUTE FUNCTION admin_rollup_order();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION admin_rollup_breach() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO admin_breach_rules AS r (rule, breaches)
  SELECT d.rule, sum(d.n)
  FROM (
    SELECT OLD.rule, -1 WHERE TG_OP <> 'INSERT'
    UNION ALL
    SELECT NEW.rule, 1 WHERE TG_OP <> 'DELETE'
  ) d(rule, n)
  GROUP BY 1 HAVING sum(d.n) <> 0 ORDER BY 1
  ON CONFLICT (rule) DO UPDATE SET breaches = r.breaches + excluded.breaches;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER breaches_admin_rollup AFTER INSERT OR DELETE ON breaches
  FOR EACH ROW EXECUTE FUNCTION admin_rollup_breach();
--> statement-breakpoint
CREATE TRIGGER breaches_admin_rollup_update AFTER UPDATE OF rule ON breaches
  FOR EACH ROW WHEN (OLD.rule IS DISTINCT FROM NEW.rule) EXECUTE FUNCTION admin_rollup_breach();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION admin_rollup_trades() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- admin_rollups_rebuild() recomputes the roll-ups itself (see there)
  IF current_setting('tp.admin_rollups_rebuild', true) = 'on' THEN RETURN NULL; END IF;
  INSERT INTO admin_trade_totals AS t (active, opened, closed)
  SELECT d.active, sum(d.opened), sum(d.closed)
  FROM (
    SELECT OLD.active, -OLD.opened, -OLD.closed WHERE TG_OP <> 'INSERT'
    UNION ALL
    SELECT NEW.active, NEW.opened, NEW.closed WHERE TG_OP <> 'DELETE'
  ) d(active, opened, closed)
  GROUP BY 1 HAVING sum(d.opened) <> 0 OR sum(d.closed) <> 0 ORDER BY 1
  ON CONFLICT (active) DO UPDATE SET opened = t.opened + excluded.opened, closed = t.closed + excluded.closed;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_trade_counts_admin_rollup AFTER INSERT OR UPDATE OR DELETE ON ledger_trade_counts
  FOR EACH ROW EXECUTE FUNCTION admin_rollup_trades();
--> statement-breakpoint
-- a new count row takes its account's activeness (0020's trigger, plus the active column)
CREATE OR REPLACE FUNCTION count_ledger_trade() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_trade_counts AS c (account_id, opened, closed, active)
  VALUES (NEW.account_id, (NEW.kind = 'trade-open')::int, (NEW.kind = 'trade-close')::int,
    coalesce((SELECT a.status = 'active' FROM trading_accounts a WHERE a.id = NEW.account_id), false))
  ON CONFLICT (account_id) DO UPDATE
    SET opened = c.opened + excluded.opened, closed = c.closed + excluded.closed;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- every roll-up from scratch: the backfill below, and the bench fixture (written with triggers off)
-- The per-row roll-up triggers of admin_user_facts and ledger_trade_counts stand aside for its
-- transaction (tp.admin_rollups_rebuild): a statement writing N rows would otherwise update the
-- same roll-up row N times in one transaction (each update walking the versions before it).
CREATE OR REPLACE FUNCTION admin_rollups_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('tp.admin_rollups_rebuild', 'on', true);
  UPDATE ledger_trade_counts c SET active = (a.status = 'active')
  FROM trading_accounts a WHERE a.id = c.account_id AND c.active <> (a.status = 'active');
  TRUNCATE admin_user_facts;
  INSERT INTO admin_user_facts (user_id, role, status, email_verified, own_phone, billing_phone, active_accounts)
  SELECT u.id, u.role, u.status, u.email_verified, coalesce(u.phone, '') <> '', b.user_id IS NOT NULL,
    coalesce(act.n, 0)
  FROM users u
  LEFT JOIN billing_profiles b ON b.user_id = u.id AND b.phone <> ''
  LEFT JOIN (SELECT a.user_id, count(*) AS n FROM trading_accounts a WHERE a.status = 'active'
    GROUP BY a.user_id) act ON act.user_id = u.id;
  TRUNCATE admin_user_counts, admin_account_groups, admin_sales_days, admin_sales_plans,
    admin_breach_rules, admin_trade_totals;
  INSERT INTO admin_user_counts (role, status, email_verified, has_phone, has_active_account, users)
  SELECT role, status, email_verified, own_phone OR billing_phone, active_accounts > 0, count(*)
  FROM admin_user_facts GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO admin_account_groups (status, plan_key, stage, platform, provisioned, accounts, initial_balance_cents)
  SELECT status, plan_key, stage, platform, external_id IS NOT NULL, count(*), sum(initial_balance_cents)
  FROM trading_accounts GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO admin_sales_days (day, orders, cents)
  SELECT (paid_at AT TIME ZONE 'UTC')::date, count(*), sum(total_cents)
  FROM orders WHERE paid_at IS NOT NULL AND status <> 'refunded' GROUP BY 1;
  INSERT INTO admin_sales_plans (challenge_type, size_k, method, orders, cents)
  SELECT challenge_type, size_k, method, count(*), sum(total_cents)
  FROM orders WHERE paid_at IS NOT NULL AND status <> 'refunded' GROUP BY 1, 2, 3;
  INSERT INTO admin_breach_rules (rule, breaches) SELECT rule, count(*) FROM breaches GROUP BY 1;
  INSERT INTO admin_trade_totals (active, opened, closed)
  SELECT active, sum(opened), sum(closed) FROM ledger_trade_counts GROUP BY 1;
  PERFORM set_config('tp.admin_rollups_rebuild', 'off', true);
END;
$$;
--> statement-breakpoint
SELECT admin_rollups_rebuild();
