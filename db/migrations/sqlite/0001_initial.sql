-- The first schema: guild settings, tables and their event logs, hands,
-- the guild's register of bêtes, the pot and the ledger of payments.
-- Players are strings: a Discord user id in decimal, or "ai:<name>".

CREATE TABLE guild_settings (
    guild_id INTEGER PRIMARY KEY,
    language TEXT
);

CREATE TABLE tables (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id     INTEGER NOT NULL,
    channel_id   INTEGER NOT NULL,
    game         TEXT NOT NULL,
    options      TEXT NOT NULL,          -- JSON, as in a hand record
    turn_seconds INTEGER NOT NULL DEFAULT 0,
    status       TEXT NOT NULL CHECK (status IN ('lobby', 'playing', 'ended')),
    message_id   INTEGER,
    created_by   TEXT NOT NULL,
    created_at   TEXT NOT NULL,
    seed         INTEGER NOT NULL,
    guild_name   TEXT NOT NULL DEFAULT '',
    channel_name TEXT NOT NULL DEFAULT '',
    ended_at     TEXT
);
-- One open table per channel.
CREATE UNIQUE INDEX tables_open_channel ON tables (channel_id) WHERE status != 'ended';

CREATE TABLE seats (
    table_id INTEGER NOT NULL REFERENCES tables (id),
    guild_id INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    player   TEXT NOT NULL,
    name     TEXT NOT NULL,
    ai_level TEXT,
    active   INTEGER NOT NULL DEFAULT 1,
    PRIMARY KEY (table_id, seat)
);
-- A player sits at one open table per guild.
CREATE UNIQUE INDEX seats_one_table_per_guild ON seats (guild_id, player) WHERE active = 1;

-- Every accepted action of a table, in order: replaying them rebuilds it.
CREATE TABLE table_events (
    table_id   INTEGER NOT NULL REFERENCES tables (id),
    seq        INTEGER NOT NULL,
    kind       TEXT NOT NULL,
    payload    TEXT NOT NULL,            -- JSON
    created_at TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
);

CREATE TABLE hands (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER NOT NULL,
    game        TEXT NOT NULL,
    table_id    INTEGER REFERENCES tables (id),
    hand_no     INTEGER NOT NULL,
    record      TEXT NOT NULL,           -- the hand record (JSON, RULES.md §5)
    declarer    TEXT,                    -- None after a pinandèle
    made        INTEGER,                 -- 1 made, 0 failed, NULL pinandèle
    finished_at TEXT NOT NULL
);
CREATE INDEX hands_guild ON hands (guild_id, game, finished_at);

CREATE TABLE hand_players (
    hand_id INTEGER NOT NULL REFERENCES hands (id),
    seat    INTEGER NOT NULL,
    player  TEXT NOT NULL,
    name    TEXT NOT NULL,
    net     INTEGER NOT NULL,
    PRIMARY KEY (hand_id, seat)
);
CREATE INDEX hand_players_player ON hand_players (player);

CREATE TABLE register_entries (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id        INTEGER NOT NULL,
    game            TEXT NOT NULL,
    owner           TEXT,                -- NULL: a pinandèle
    owner_name      TEXT NOT NULL,
    amount          INTEGER NOT NULL CHECK (amount > 0),
    created_at      TEXT NOT NULL,
    hand_id         INTEGER REFERENCES hands (id),
    crossed_at      TEXT,
    crossed_by      TEXT,
    paid            INTEGER,
    crossed_hand_id INTEGER REFERENCES hands (id)
);
CREATE INDEX register_unpaid ON register_entries (guild_id, game) WHERE crossed_at IS NULL;

CREATE TABLE pots (
    guild_id INTEGER NOT NULL,
    game     TEXT NOT NULL,
    amount   INTEGER NOT NULL,
    PRIMARY KEY (guild_id, game)
);

CREATE TABLE ledger (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id   INTEGER NOT NULL,
    game       TEXT NOT NULL,
    hand_id    INTEGER NOT NULL REFERENCES hands (id),
    payer      TEXT,                     -- NULL: the pot
    payee      TEXT,                     -- NULL: the pot
    amount     INTEGER NOT NULL,
    reason     TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX ledger_guild ON ledger (guild_id, game, created_at);
