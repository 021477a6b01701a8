-- GET /rest/v1/posts?select=id&and=(published.is.true,or(views.lt.5,views.gt.100),not.and(id.eq.1,id.eq.2))&not.or=(title.eq.x,body.fts.y)

WITH pgrst_source AS (
  SELECT "public"."posts"."id"
  FROM "public"."posts"
  WHERE  ( "public"."posts"."published" IS TRUE AND  ( "public"."posts"."views" < $1 OR  "public"."posts"."views" > $2) AND NOT ( "public"."posts"."id" = $3 AND  "public"."posts"."id" = $4)) AND NOT ( "public"."posts"."title" = $5 OR  to_tsvector("public"."posts"."body") @@ to_tsquery($6) )
  LIMIT $7
  OFFSET $8 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "5"
-- $2 = "100"
-- $3 = "1"
-- $4 = "2"
-- $5 = "x"
-- $6 = "y"
-- $7 = "1000"
-- $8 = "0"
