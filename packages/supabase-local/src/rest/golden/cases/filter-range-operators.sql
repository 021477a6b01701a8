-- GET /rest/v1/posts?select=id&pages=sl.[10,20)&pages=sr.[0,1)&pages=nxr.[5,9)&pages=nxl.[1,2)&pages=adj.[20,30)&pages=ov.[3,4)

WITH pgrst_source AS (
  SELECT "public"."posts"."id"
  FROM "public"."posts"
  WHERE  "public"."posts"."pages" << $1 AND  "public"."posts"."pages" >> $2 AND  "public"."posts"."pages" &< $3 AND  "public"."posts"."pages" &> $4 AND  "public"."posts"."pages" -|- $5 AND  "public"."posts"."pages" && $6
  LIMIT $7
  OFFSET $8 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "[10,20)"
-- $2 = "[0,1)"
-- $3 = "[5,9)"
-- $4 = "[1,2)"
-- $5 = "[20,30)"
-- $6 = "[3,4)"
-- $7 = "1000"
-- $8 = "0"
