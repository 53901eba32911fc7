-- What a settled hand gave each seat besides money: its side, where partners share
-- a result (Bésigue's partnerships); its points, in a game that scores points; and
-- its side's score after the hand, in a game played to a target. NULL where the
-- game has none of them.
ALTER TABLE hand_players ADD COLUMN side INTEGER;
ALTER TABLE hand_players ADD COLUMN points INTEGER;
ALTER TABLE hand_players ADD COLUMN score INTEGER;
