-- GET /rest/v1/posts?select=id,body&id=eq.1
-- Accept: application/vnd.pgrst.object+json;nulls=stripped

WITH pgrst_source AS (
  SELECT "public"."posts"."id", "public"."posts"."body"
  FROM "public"."posts"
  WHERE  "public"."posts"."id" = $1
  LIMIT $2
  OFFSET $3 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_strip_nulls(json_agg(_postgrest_t)->0), 'null'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "1"
-- $2 = "1000"
-- $3 = "0"
