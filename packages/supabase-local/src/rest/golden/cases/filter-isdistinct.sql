-- GET /rest/v1/posts?select=id&editor_id=isdistinct.3

WITH pgrst_source AS (
  SELECT "public"."posts"."id"
  FROM "public"."posts"
  WHERE  "public"."posts"."editor_id" IS DISTINCT FROM $1
  LIMIT $2
  OFFSET $3 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "3"
-- $2 = "1000"
-- $3 = "0"
