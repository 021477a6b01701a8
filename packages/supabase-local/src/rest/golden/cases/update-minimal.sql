-- PATCH /rest/v1/posts?id=eq.1
-- body: {"title":"New","published":true}

WITH pgrst_source AS (UPDATE "public"."posts" AS "posts"
  SET "published" = _r."published", "title" = _r."title"
  FROM jsonb_populate_record(null::"public"."posts", $1::jsonb) AS _r
  WHERE  "posts"."id" = $2
  RETURNING "posts".*)
SELECT '' AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (''::text)::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (SELECT *
  FROM pgrst_source) _postgrest_t

-- $1 = "{\"title\":\"New\",\"published\":true}"
-- $2 = "1"
