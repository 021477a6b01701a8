-- POST /rest/v1/post_tags
-- Prefer: resolution=merge-duplicates
-- body: [{"post_id":1,"tag_id":2}]

WITH pgrst_ret AS (INSERT INTO "public"."post_tags" AS "post_tags" ("post_id", "tag_id")
  SELECT _r."post_id", _r."tag_id"
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS _j(j, ord), LATERAL jsonb_populate_record(null::"public"."post_tags", _j.j) AS _r
  ORDER BY _j.ord
  ON CONFLICT ("post_id", "tag_id")
  DO UPDATE SET "post_id" = EXCLUDED."post_id", "tag_id" = EXCLUDED."tag_id"
  RETURNING "post_tags" AS pgrst_row, (xmax = 0) AS pgrst_inserted), pgrst_source AS (SELECT (pgrst_row).*
  FROM pgrst_ret)
SELECT '' AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (''::text)::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, (SELECT count(*)
  FROM pgrst_ret
  WHERE pgrst_inserted) AS response_inserted
FROM (SELECT *
  FROM pgrst_source) _postgrest_t

-- $1 = "[{\"post_id\":1,\"tag_id\":2}]"
