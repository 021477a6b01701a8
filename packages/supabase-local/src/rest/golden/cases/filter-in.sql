-- GET /rest/v1/posts?select=id&id=in.(1,2,3)&title=in.("a,b","say \"hi\"",plain)&views=not.in.(0)

WITH pgrst_source AS (
  SELECT "public"."posts"."id"
  FROM "public"."posts"
  WHERE  "public"."posts"."id" = ANY ($1)  AND  "public"."posts"."title" = ANY ($2)  AND NOT "public"."posts"."views" = ANY ($3) 
  LIMIT $4
  OFFSET $5 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "{\"1\",\"2\",\"3\"}"
-- $2 = "{\"a,b\",\"say \\\"hi\\\"\",\"plain\"}"
-- $3 = "{\"0\"}"
-- $4 = "1000"
-- $5 = "0"
