-- POST /rest/v1/authors?columns=id,name
-- Prefer: missing=default, return=representation
-- body: [{"name":"Ada"}]

WITH pgrst_source AS (INSERT INTO "public"."authors" AS "authors" ("id", "name")
  SELECT CASE WHEN _j.j ? $2::text THEN _r."id" ELSE nextval('authors_id_seq') END, _r."name"
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS _j(j, ord), LATERAL jsonb_populate_record(null::"public"."authors", _j.j) AS _r
  ORDER BY _j.ord
  RETURNING "authors".*)
SELECT '' AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (SELECT "authors".*
  FROM "pgrst_source" AS "authors") _postgrest_t

-- $1 = "[{\"name\":\"Ada\"}]"
-- $2 = "id"
