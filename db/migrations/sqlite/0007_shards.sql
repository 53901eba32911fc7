-- Several bot processes over one database: which process holds each shard (a
-- guild's tables belong to the holder of the guild's shard), and the clicks a
-- process received for a table of another (DM clicks all arrive on shard 0),
-- handed over until the owner takes them.
CREATE TABLE shard_owners (
    shard_id    INTEGER PRIMARY KEY,
    owner       TEXT NOT NULL,           -- the holding process: host, pid and a random part
    since       TEXT NOT NULL
);

CREATE TABLE handoffs (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    shard_id    INTEGER NOT NULL,        -- the shard whose holder should answer
    payload     TEXT NOT NULL,           -- the interaction as the gateway sent it (JSON)
    created_at  TEXT NOT NULL
);
