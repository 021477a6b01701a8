-- POST /rest/v1/rpc/shout
-- Content-Type: text/plain
-- body: "hello"

WITH pgrst_source AS (SELECT pgrst_call.pgrst_scalar
  FROM (SELECT "public"."shout"($1::text) pgrst_scalar) pgrst_call)
SELECT null::bigint AS total_result_set, 1 AS page_total, (coalesce(json_agg(_postgrest_t.pgrst_scalar)->0, 'null'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (SELECT "shout".*
  FROM "pgrst_source" AS "shout"
  LIMIT $2
  OFFSET $3) _postgrest_t

-- $1 = "hello"
-- $2 = "1000"
-- $3 = "0"
