-- Each player's own settings, across servers: how they are told it is their turn
-- ('dm': a short new direct message, 'mention': a mention in the table's channel,
-- 'none').
CREATE TABLE player_settings (
    player TEXT PRIMARY KEY,
    notify TEXT NOT NULL DEFAULT 'dm' CHECK (notify IN ('dm', 'mention', 'none'))
);
