-- GET /rest/v1/rpc/add_numbers?a=1&b=2

WITH pgrst_source AS (SELECT pgrst_call.pgrst_scalar
  FROM (SELECT "public"."add_numbers"("a" := $1::integer, "b" := $2::integer) pgrst_scalar) pgrst_call)
SELECT null::bigint AS total_result_set, 1 AS page_total, (coalesce(json_agg(_postgrest_t.pgrst_scalar)->0, 'null'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (SELECT "add_numbers".*
  FROM "pgrst_source" AS "add_numbers"
  LIMIT $3
  OFFSET $4) _postgrest_t

-- $1 = "1"
-- $2 = "2"
-- $3 = "1000"
-- $4 = "0"
