-- The tables a new public message is on its way for: marked before the bot posts it,
-- cleared when its id is written to the table's row. A restart that finds a table
-- marked looks for a message posted and not noted (the bot killed in between).
CREATE TABLE IF NOT EXISTS table_message_posting (
    table_id INTEGER PRIMARY KEY REFERENCES tables(id)
);
