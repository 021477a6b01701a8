-- POST /rest/v1/comments
-- Prefer: return=representation
-- body: [{"post_id":1,"body":"first"},{"post_id":2,"body":"second"}]

WITH pgrst_source AS (INSERT INTO "public"."comments" AS "comments" ("body", "post_id")
  SELECT _r."body", _r."post_id"
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS _j(j, ord), LATERAL jsonb_populate_record(null::"public"."comments", _j.j) AS _r
  ORDER BY _j.ord
  RETURNING "comments".*)
SELECT '' AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (SELECT "comments".*
  FROM "pgrst_source" AS "comments") _postgrest_t

-- $1 = "[{\"post_id\":1,\"body\":\"first\"},{\"post_id\":2,\"body\":\"second\"}]"
