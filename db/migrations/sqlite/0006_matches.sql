-- Games played to a target over several deals and settled at their end
-- (Bésigue): each finished match's standing by player, and the matches stopped
-- to be resumed another day at the same scores.
CREATE TABLE match_results (
    table_id    INTEGER NOT NULL REFERENCES tables (id),
    seat        INTEGER NOT NULL,
    guild_id    INTEGER NOT NULL,
    game        TEXT NOT NULL,
    player      TEXT NOT NULL,
    name        TEXT NOT NULL,
    points      INTEGER NOT NULL,        -- the score at the end of the match
    won         INTEGER NOT NULL,        -- 1 for the winner (and his partner)
    counted     INTEGER NOT NULL,        -- games the result counts for (2: en bas table)
    best        TEXT,                    -- the best feat of the match (a combination), if any
    best_points INTEGER NOT NULL DEFAULT 0,
    finished_at TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX match_results_guild ON match_results (guild_id, game, finished_at);

CREATE TABLE kept_matches (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER NOT NULL,
    game        TEXT NOT NULL,
    table_id    INTEGER NOT NULL REFERENCES tables (id),  -- the table it was kept from
    options     TEXT NOT NULL,           -- JSON, as in a record
    seats       TEXT NOT NULL,           -- JSON: [[player, name, ai level or null], ...]
    state       TEXT NOT NULL,           -- JSON: what the game keeps (scores, next dealer)
    summary     TEXT NOT NULL,           -- the scores in a line, for choosing it
    kept_at     TEXT NOT NULL,
    resumed_by  INTEGER REFERENCES tables (id)  -- the table that took it up again
);
CREATE INDEX kept_matches_guild ON kept_matches (guild_id, game) WHERE resumed_by IS NULL;
