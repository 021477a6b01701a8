-- GET /rest/v1/authors?select=id&name=like.A*&email=ilike.*@EXAMPLE.com

WITH pgrst_source AS (
  SELECT "public"."authors"."id"
  FROM "public"."authors"
  WHERE  "public"."authors"."name" like $1 AND  "public"."authors"."email" ilike $2
  LIMIT $3
  OFFSET $4 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "A%"
-- $2 = "%@EXAMPLE.com"
-- $3 = "1000"
-- $4 = "0"
