-- POST /rest/v1/rpc/echo
-- body: {"":5}

WITH pgrst_source AS (SELECT pgrst_call.pgrst_scalar
  FROM (SELECT "public"."echo"($1::json) pgrst_scalar) pgrst_call)
SELECT null::bigint AS total_result_set, 1 AS page_total, (coalesce(json_agg(_postgrest_t.pgrst_scalar)->0, 'null'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (SELECT "echo".*
  FROM "pgrst_source" AS "echo"
  LIMIT $2
  OFFSET $3) _postgrest_t

-- $1 = "{\"\":5}"
-- $2 = "1000"
-- $3 = "0"
