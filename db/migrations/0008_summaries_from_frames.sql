-- Summaries are composed from checked frames; a model no longer writes prose. Cached summaries a
-- model wrote under an earlier prompt (free prose behind a word filter) are dropped: a cache,
-- each is planned again from the frames on its next request, and redelivered as that.
DELETE FROM "summaries" WHERE "model_id" NOT LIKE 'offline-%' AND "prompt_version" <> 'summary-v5-frames';
