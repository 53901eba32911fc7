-- A stored hand of a game of several deals (Bésigue) has in its record the deals
-- before it too: its review is of its own deal, the record's last. Reviews made
-- before counted the earlier deals again, which their own hands review: they are
-- dropped (and their decisions), to be made again when asked for.
DELETE FROM reviews WHERE hand_id IN (
    SELECT id FROM hands WHERE json_array_length((record::json) -> 'deals') > 1
);
DELETE FROM review_decisions WHERE hand_id IN (
    SELECT id FROM hands WHERE json_array_length((record::json) -> 'deals') > 1
);
