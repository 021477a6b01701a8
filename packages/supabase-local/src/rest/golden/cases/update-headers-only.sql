-- PATCH /rest/v1/posts?id=in.(1,2)
-- Prefer: return=headers-only
-- body: {"published":false}

WITH pgrst_source AS (UPDATE "public"."posts" AS "posts"
  SET "published" = _r."published"
  FROM jsonb_populate_record(null::"public"."posts", $1::jsonb) AS _r
  WHERE  "posts"."id" = ANY ($2) 
  RETURNING "posts".*)
SELECT '' AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (''::text)::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (SELECT *
  FROM pgrst_source) _postgrest_t

-- $1 = "{\"published\":false}"
-- $2 = "{\"1\",\"2\"}"
