-- A sold fact now always has a role: cached summaries whose sheets listed role-less facts are
-- dropped (a cache: each is generated again, from a sheet without them, on its next request).
DELETE FROM "summaries" WHERE "facts" -> 'facts' @> '[{"role": null}]'::jsonb;
