-- POST /rest/v1/rpc/add_numbers
-- body: {"a":1,"b":2}

WITH pgrst_source AS (SELECT pgrst_call.pgrst_scalar
  FROM (SELECT $1::json AS json_data) pgrst_payload, LATERAL (SELECT "a", "b"
    FROM json_to_record(pgrst_payload.json_data) AS _("a" integer, "b" integer)
    LIMIT 1) pgrst_body , LATERAL (SELECT "public"."add_numbers"("a" := pgrst_body."a", "b" := pgrst_body."b") pgrst_scalar) pgrst_call)
SELECT null::bigint AS total_result_set, 1 AS page_total, (coalesce(json_agg(_postgrest_t.pgrst_scalar)->0, 'null'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (SELECT "add_numbers".*
  FROM "pgrst_source" AS "add_numbers"
  LIMIT $2
  OFFSET $3) _postgrest_t

-- $1 = "{\"a\":1,\"b\":2}"
-- $2 = "1000"
-- $3 = "0"
