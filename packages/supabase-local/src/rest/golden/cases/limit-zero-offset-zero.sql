-- GET /rest/v1/posts?select=id&limit=0&offset=0

WITH pgrst_source AS (
  SELECT "public"."posts"."id"
  FROM "public"."posts"
  LIMIT $1
  OFFSET $2 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "0"
-- $2 = "0"
