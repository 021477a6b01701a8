-- GET /rest/v1/posts?select=id,body
-- Accept: application/vnd.pgrst.array+json;nulls=stripped

WITH pgrst_source AS (
  SELECT "public"."posts"."id", "public"."posts"."body"
  FROM "public"."posts"
  LIMIT $1
  OFFSET $2 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_strip_nulls(json_agg(_postgrest_t)), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "1000"
-- $2 = "0"
