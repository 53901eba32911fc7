-- The hands whose summary is on its way to its channel: marked before the bot posts it,
-- cleared when it is noted posted (hands.summary_posted). A restart that finds a hand
-- marked looks among the channel's newest messages for a summary posted and not noted
-- (the bot killed in between) before posting it again.
CREATE TABLE IF NOT EXISTS summary_posting (
    table_id INTEGER NOT NULL REFERENCES tables(id),
    hand_no INTEGER NOT NULL,
    PRIMARY KEY (table_id, hand_no)
);
