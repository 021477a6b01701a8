-- GET /rest/v1/posts?select=id&title=not.eq.x&views=not.gt.10&body=not.like.*spam*

WITH pgrst_source AS (
  SELECT "public"."posts"."id"
  FROM "public"."posts"
  WHERE NOT "public"."posts"."title" = $1 AND NOT "public"."posts"."views" > $2 AND NOT "public"."posts"."body" like $3
  LIMIT $4
  OFFSET $5 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "x"
-- $2 = "10"
-- $3 = "%spam%"
-- $4 = "1000"
-- $5 = "0"
