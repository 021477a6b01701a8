-- POST /rest/v1/rpc/author_stats?select=post_count
-- Accept: application/vnd.pgrst.object+json
-- body: {"author":1}

WITH pgrst_source AS (SELECT "pgrst_call"."post_count"
  FROM (SELECT $1::json AS json_data) pgrst_payload, LATERAL (SELECT "author"
    FROM json_to_record(pgrst_payload.json_data) AS _("author" integer)
    LIMIT 1) pgrst_body , LATERAL "public"."author_stats"("author" := pgrst_body."author") pgrst_call)
SELECT null::bigint AS total_result_set, 1 AS page_total, (coalesce(json_agg(_postgrest_t)->0, 'null'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (SELECT "record"."post_count"
  FROM "pgrst_source" AS "record"
  LIMIT $2
  OFFSET $3) _postgrest_t

-- $1 = "{\"author\":1}"
-- $2 = "1000"
-- $3 = "0"
