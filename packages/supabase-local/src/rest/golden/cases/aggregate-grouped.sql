-- GET /rest/v1/posts?select=author_id,total:views.sum(),views.avg(),views.min()::text,views::bigint.max(),count()&order=author_id
-- settings: {"aggregatesEnabled":true}

WITH pgrst_source AS (
  SELECT "public"."posts"."author_id", SUM("public"."posts"."views") AS "total", AVG("public"."posts"."views"), CAST( MIN("public"."posts"."views") AS text ), MAX(CAST( "public"."posts"."views" AS bigint )), COUNT("public"."posts".*)
  FROM "public"."posts" GROUP BY "public"."posts"."author_id"
  ORDER BY "public"."posts"."author_id"
  LIMIT $1
  OFFSET $2 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "1000"
-- $2 = "0"
