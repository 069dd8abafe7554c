-- The admin accounts table's page chosen from one index alone (decision 0039).
CREATE INDEX "trading_accounts_admin_list_idx" ON "trading_accounts" USING btree ("status","plan_key","platform","size_k","created_at","id","login");
