-- GET /rest/v1/posts?select=id&or=(views.gt.10,title.ilike.*pg*,id.in.(1,2),title.eq."a,b",editor_id.is.null)

WITH pgrst_source AS (
  SELECT "public"."posts"."id"
  FROM "public"."posts"
  WHERE  ( "public"."posts"."views" > $1 OR  "public"."posts"."title" ilike $2 OR  "public"."posts"."id" = ANY ($3)  OR  "public"."posts"."title" = $4 OR  "public"."posts"."editor_id" IS NULL)
  LIMIT $5
  OFFSET $6 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "10"
-- $2 = "%pg%"
-- $3 = "{\"1\",\"2\"}"
-- $4 = "a,b"
-- $5 = "1000"
-- $6 = "0"
