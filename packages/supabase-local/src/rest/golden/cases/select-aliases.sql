-- GET /rest/v1/posts?select=post_id:id,heading:title,"the views":views

WITH pgrst_source AS (
  SELECT "public"."posts"."id" AS "post_id", "public"."posts"."title" AS "heading", "public"."posts"."views" AS "the views"
  FROM "public"."posts"
  LIMIT $1
  OFFSET $2 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "1000"
-- $2 = "0"
