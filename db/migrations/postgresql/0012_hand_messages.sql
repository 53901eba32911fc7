-- Each player's private hand message at a table (the DM the bot edits as play goes
-- on): a restarted bot edits it rather than sending another, and closes it when the
-- table ends. Written when a new one is sent (once a deal), not at each edit.
CREATE TABLE IF NOT EXISTS hand_messages (
    table_id   BIGINT NOT NULL REFERENCES tables(id),
    player     TEXT NOT NULL,
    channel_id BIGINT NOT NULL,
    message_id BIGINT NOT NULL,
    hand_no    INTEGER NOT NULL,
    PRIMARY KEY (table_id, player)
);
