-- GET /rest/v1/posts?select=id&id=eq.1&views=neq.2&views=gt.3&views=gte.4&id=lt.5&id=lte.6

WITH pgrst_source AS (
  SELECT "public"."posts"."id"
  FROM "public"."posts"
  WHERE  "public"."posts"."id" = $1 AND  "public"."posts"."views" <> $2 AND  "public"."posts"."views" > $3 AND  "public"."posts"."views" >= $4 AND  "public"."posts"."id" < $5 AND  "public"."posts"."id" <= $6
  LIMIT $7
  OFFSET $8 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "1"
-- $2 = "2"
-- $3 = "3"
-- $4 = "4"
-- $5 = "5"
-- $6 = "6"
-- $7 = "1000"
-- $8 = "0"
