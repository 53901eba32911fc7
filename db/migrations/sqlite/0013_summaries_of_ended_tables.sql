-- A restarted bot now posts the summaries not posted of ended tables too, not only of
-- open ones. The hands of the tables ended before this are taken as posted: among them
-- every hand settled before migration 2, which left them all unmarked, and the summaries
-- given up long ago; posted now, they would flood their channels with old hands.
UPDATE hands SET summary_posted = 1 WHERE summary_posted = 0 AND table_id IN (
    SELECT id FROM tables WHERE status = 'ended'
);
