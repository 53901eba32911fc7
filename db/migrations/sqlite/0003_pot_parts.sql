-- A game's pot may have several parts: La Bête keeps a reserve, a stake and
-- the king jetons; La Bête Hombrée's one pot of pinandèles is the part ''.
CREATE TABLE pot_parts (
    guild_id INTEGER NOT NULL,
    game     TEXT NOT NULL,
    part     TEXT NOT NULL DEFAULT '',
    amount   INTEGER NOT NULL,
    PRIMARY KEY (guild_id, game, part)
);
INSERT INTO pot_parts (guild_id, game, part, amount) SELECT guild_id, game, '', amount FROM pots;
DROP TABLE pots;
ALTER TABLE pot_parts RENAME TO pots;
