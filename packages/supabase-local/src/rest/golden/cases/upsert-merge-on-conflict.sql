-- POST /rest/v1/authors?on_conflict=email&select=id,email
-- Prefer: resolution=merge-duplicates,return=representation
-- body: {"email":"ada@example.com","name":"Ada"}

WITH pgrst_ret AS (INSERT INTO "public"."authors" AS "authors" ("email", "name")
  SELECT _r."email", _r."name"
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS _j(j, ord), LATERAL jsonb_populate_record(null::"public"."authors", _j.j) AS _r
  ORDER BY _j.ord
  ON CONFLICT ("email")
  DO UPDATE SET "email" = EXCLUDED."email", "name" = EXCLUDED."name"
  RETURNING "authors" AS pgrst_row, (xmax = 0) AS pgrst_inserted), pgrst_source AS (SELECT (pgrst_row).*
  FROM pgrst_ret)
SELECT '' AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, (SELECT count(*)
  FROM pgrst_ret
  WHERE pgrst_inserted) AS response_inserted
FROM (SELECT "authors"."id", "authors"."email"
  FROM "pgrst_source" AS "authors") _postgrest_t

-- $1 = "[{\"email\":\"ada@example.com\",\"name\":\"Ada\"}]"
