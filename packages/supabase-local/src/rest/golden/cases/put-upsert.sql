-- PUT /rest/v1/tags?id=eq.7&select=id,name
-- Prefer: return=representation
-- body: {"id":7,"name":"seven"}

WITH pgrst_ret AS (INSERT INTO "public"."tags" AS "tags" ("id", "name")
  SELECT _r."id", _r."name"
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS _j(j, ord), LATERAL jsonb_populate_record(null::"public"."tags", _j.j) AS _r
  WHERE  "_r"."id" = $2
  ORDER BY _j.ord
  ON CONFLICT ("id")
  DO UPDATE SET "id" = EXCLUDED."id", "name" = EXCLUDED."name"
  RETURNING "tags" AS pgrst_row, (xmax = 0) AS pgrst_inserted), pgrst_source AS (SELECT (pgrst_row).*
  FROM pgrst_ret)
SELECT '' AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, (SELECT count(*)
  FROM pgrst_ret
  WHERE pgrst_inserted) AS response_inserted
FROM (SELECT "tags"."id", "tags"."name"
  FROM "pgrst_source" AS "tags") _postgrest_t

-- $1 = "[{\"id\":7,\"name\":\"seven\"}]"
-- $2 = "7"
