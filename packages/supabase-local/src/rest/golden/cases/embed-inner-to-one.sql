-- GET /rest/v1/posts?select=id,editor:authors!editor_id!inner(name)

WITH pgrst_source AS (
  SELECT "public"."posts"."id", row_to_json("posts_editor_1".*)::jsonb AS "editor"
  FROM "public"."posts"
  INNER JOIN LATERAL (
    SELECT "authors_1"."name"
    FROM "public"."authors" AS "authors_1"
    WHERE "authors_1"."id" = "public"."posts"."editor_id"
    LIMIT $1
    OFFSET $2 ) AS "posts_editor_1" ON TRUE
  LIMIT $3
  OFFSET $4 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "1000"
-- $2 = "0"
-- $3 = "1000"
-- $4 = "0"
