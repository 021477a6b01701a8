-- GET /rest/v1/posts?select=id&order=published.desc,views.asc.nullsfirst,title.nullslast,id

WITH pgrst_source AS (
  SELECT "public"."posts"."id"
  FROM "public"."posts"
  ORDER BY "public"."posts"."published" DESC, "public"."posts"."views" ASC NULLS FIRST, "public"."posts"."title" NULLS LAST, "public"."posts"."id"
  LIMIT $1
  OFFSET $2 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "1000"
-- $2 = "0"
