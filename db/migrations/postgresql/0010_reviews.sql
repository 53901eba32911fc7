-- The teacher's reviews of stored hands, one per hand and seat. A review is made
-- decision by decision: each decision valued is kept in review_decisions, so
-- that a review interrupted (a restart) takes up where it stopped; the whole
-- review is then written in one transaction into reviews, and its decisions
-- deleted: a review is stored whole or not at all.
CREATE TABLE review_decisions (
    hand_id   BIGINT NOT NULL REFERENCES hands (id),
    seat      INTEGER NOT NULL,
    key       TEXT NOT NULL,             -- the decision's place in the record, deal:action
    result    TEXT NOT NULL,             -- the decision reviewed (JSON)
    PRIMARY KEY (hand_id, seat, key)
);
CREATE TABLE reviews (
    hand_id      BIGINT NOT NULL REFERENCES hands (id),
    seat         INTEGER NOT NULL,
    guild_id     BIGINT NOT NULL,
    game         TEXT NOT NULL,
    player       TEXT NOT NULL,
    valued       INTEGER NOT NULL,       -- decisions valued (the others not counted)
    total_loss   DOUBLE PRECISION NOT NULL, -- in the game's unit
    inaccuracies INTEGER NOT NULL,
    mistakes     INTEGER NOT NULL,
    blunders     INTEGER NOT NULL,
    accuracy     DOUBLE PRECISION,       -- percent of valued decisions with no classified loss
    review       TEXT NOT NULL,          -- the whole review (JSON)
    reviewed_at  TEXT NOT NULL,
    PRIMARY KEY (hand_id, seat)
);
CREATE INDEX reviews_player ON reviews (guild_id, player, game);
-- A server may have every hand reviewed in the background when the bot is idle.
ALTER TABLE guild_settings ADD COLUMN auto_review INTEGER NOT NULL DEFAULT 0;
