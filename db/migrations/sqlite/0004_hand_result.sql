-- A hand's result in a word: made and failed tell less than a game may
-- (L'Hombre's remise, codille and vole). NULL: a hand without a declarer.
ALTER TABLE hands ADD COLUMN result TEXT;
UPDATE hands SET result = CASE made WHEN 1 THEN 'made' WHEN 0 THEN 'failed' END;
