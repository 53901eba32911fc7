-- Haitian Bésigue plays parties one after another at one table: a standing per
-- partie (0 for a game whose table plays one match), and the hundreds a side
-- gave with it (*donner cent points*).
CREATE TABLE match_results_parties (
    table_id    INTEGER NOT NULL REFERENCES tables (id),
    partie      INTEGER NOT NULL DEFAULT 0,
    seat        INTEGER NOT NULL,
    guild_id    INTEGER NOT NULL,
    game        TEXT NOT NULL,
    player      TEXT NOT NULL,
    name        TEXT NOT NULL,
    points      INTEGER NOT NULL,        -- the score at the end of the match (or partie)
    won         INTEGER NOT NULL,        -- 1 for the winner (and his partner)
    counted     INTEGER NOT NULL,        -- games the result counts for (2: en bas table)
    best        TEXT,                    -- the best feat of the match (a combination), if any
    best_points INTEGER NOT NULL DEFAULT 0,
    hundreds    INTEGER NOT NULL DEFAULT 0,  -- hundreds the seat's side gave with it
    finished_at TEXT NOT NULL,
    PRIMARY KEY (table_id, partie, seat)
);
INSERT INTO match_results_parties (table_id, seat, guild_id, game, player, name, points, won,
    counted, best, best_points, finished_at)
    SELECT table_id, seat, guild_id, game, player, name, points, won, counted, best, best_points,
        finished_at
    FROM match_results;
DROP TABLE match_results;
ALTER TABLE match_results_parties RENAME TO match_results;
CREATE INDEX match_results_guild ON match_results (guild_id, game, finished_at);
