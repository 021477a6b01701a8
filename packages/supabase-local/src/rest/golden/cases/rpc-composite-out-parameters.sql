-- GET /rest/v1/rpc/author_stats?author=1

WITH pgrst_source AS (SELECT pgrst_call.*
  FROM "public"."author_stats"("author" := $1::integer) pgrst_call)
SELECT null::bigint AS total_result_set, 1 AS page_total, (coalesce(json_agg(_postgrest_t)->0, 'null'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (SELECT "record".*
  FROM "pgrst_source" AS "record"
  LIMIT $2
  OFFSET $3) _postgrest_t

-- $1 = "1"
-- $2 = "1000"
-- $3 = "0"
