-- GET /rest/v1/posts?select=id,title_upper&title_upper=like.H*&order=title_upper.desc

WITH pgrst_source AS (
  SELECT "public"."posts"."id", "public"."posts"."title_upper"
  FROM "public"."posts"
  WHERE  "public"."posts"."title_upper" like $1
  ORDER BY "public"."posts"."title_upper" DESC
  LIMIT $2
  OFFSET $3 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "H%"
-- $2 = "1000"
-- $3 = "0"
