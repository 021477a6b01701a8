-- POST /rest/v1/tags
-- Prefer: return=headers-only
-- body: {"name":"news"}

WITH pgrst_source AS (INSERT INTO "public"."tags" AS "tags" ("name")
  SELECT _r."name"
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS _j(j, ord), LATERAL jsonb_populate_record(null::"public"."tags", _j.j) AS _r
  ORDER BY _j.ord
  RETURNING "tags".*)
SELECT '' AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (''::text)::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (SELECT *
  FROM pgrst_source) _postgrest_t

-- $1 = "[{\"name\":\"news\"}]"
