-- GET /rest/v1/posts?select=id
-- Prefer: count=estimated

WITH pgrst_source AS (
  SELECT "public"."posts"."id"
  FROM "public"."posts"
  LIMIT $1
  OFFSET $2 ), pgrst_source_count AS (SELECT 1
  FROM "public"."posts"
  LIMIT 1001)
SELECT (SELECT pg_catalog.count(*)
  FROM pgrst_source_count) AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "1000"
-- $2 = "0"

-- then, for the planned count:
EXPLAIN (FORMAT JSON)
SELECT 1
FROM "public"."posts"
