-- Haitian Bésigue plays parties one after another at one table: a standing per
-- partie (0 for a game whose table plays one match), and the hundreds a side
-- gave with it (*donner cent points*).
ALTER TABLE match_results ADD COLUMN partie INTEGER NOT NULL DEFAULT 0;
ALTER TABLE match_results ADD COLUMN hundreds INTEGER NOT NULL DEFAULT 0;
ALTER TABLE match_results DROP CONSTRAINT match_results_pkey;
ALTER TABLE match_results ADD PRIMARY KEY (table_id, partie, seat);
