-- POST /rest/v1/rpc/posts_by_author?select=id,editor:authors!editor_id(name)&title=like.*a*
-- body: {"author":1}

WITH pgrst_source AS (SELECT "pgrst_call"."id", "pgrst_call"."editor_id", "pgrst_call"."title"
  FROM (SELECT $1::json AS json_data) pgrst_payload, LATERAL (SELECT "author"
    FROM json_to_record(pgrst_payload.json_data) AS _("author" integer)
    LIMIT 1) pgrst_body , LATERAL "public"."posts_by_author"("author" := pgrst_body."author") pgrst_call)
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (SELECT "posts"."id", row_to_json("posts_editor_1".*)::jsonb AS "editor"
  FROM "pgrst_source" AS "posts"
  LEFT JOIN LATERAL (
    SELECT "authors_1"."name"
    FROM "public"."authors" AS "authors_1"
    WHERE "authors_1"."id" = "posts"."editor_id"
    LIMIT $2
    OFFSET $3 ) AS "posts_editor_1" ON TRUE
  WHERE  "posts"."title" like $4
  LIMIT $5
  OFFSET $6) _postgrest_t

-- $1 = "{\"author\":1}"
-- $2 = "1000"
-- $3 = "0"
-- $4 = "%a%"
-- $5 = "1000"
-- $6 = "0"
