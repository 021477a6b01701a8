-- POST /rest/v1/rpc/bump_views
-- body: {"post":1}

WITH pgrst_source AS (SELECT pgrst_call.pgrst_scalar
  FROM (SELECT $1::json AS json_data) pgrst_payload, LATERAL (SELECT "post"
    FROM json_to_record(pgrst_payload.json_data) AS _("post" bigint)
    LIMIT 1) pgrst_body , LATERAL (SELECT "public"."bump_views"("post" := pgrst_body."post") pgrst_scalar) pgrst_call)
SELECT null::bigint AS total_result_set, 1 AS page_total, (coalesce(json_agg(_postgrest_t.pgrst_scalar)->0, 'null'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (SELECT "bump_views".*
  FROM "pgrst_source" AS "bump_views"
  LIMIT $2
  OFFSET $3) _postgrest_t

-- $1 = "{\"post\":1}"
-- $2 = "1000"
-- $3 = "0"
