-- POST /rest/v1/tags
-- Prefer: resolution=merge-duplicates
-- body: [{"id":1,"name":"news"}]

WITH pgrst_ret AS (INSERT INTO "public"."tags" AS "tags" ("id", "name")
  SELECT _r."id", _r."name"
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS _j(j, ord), LATERAL jsonb_populate_record(null::"public"."tags", _j.j) AS _r
  ORDER BY _j.ord
  ON CONFLICT ("id")
  DO UPDATE SET "id" = EXCLUDED."id", "name" = EXCLUDED."name"
  RETURNING "tags" AS pgrst_row, (xmax = 0) AS pgrst_inserted), pgrst_source AS (SELECT (pgrst_row).*
  FROM pgrst_ret)
SELECT '' AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (''::text)::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, (SELECT count(*)
  FROM pgrst_ret
  WHERE pgrst_inserted) AS response_inserted
FROM (SELECT *
  FROM pgrst_source) _postgrest_t

-- $1 = "[{\"id\":1,\"name\":\"news\"}]"
