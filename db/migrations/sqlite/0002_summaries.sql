-- Whether a hand's summary reached its channel: a restart posts the ones that did not.
ALTER TABLE hands ADD COLUMN summary_posted INTEGER NOT NULL DEFAULT 0;
