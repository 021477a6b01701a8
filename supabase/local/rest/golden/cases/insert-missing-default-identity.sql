-- POST /rest/v1/authors?columns=id,name
-- Prefer: missing=default, return=representation
-- body: [{"name":"Ada"}]

WITH pgrst_source AS (INSERT INTO "public"."authors" AS "authors" ("id", "name")
  SELECT CASE WHEN _j.j ? $4::text THEN _r."id" ELSE nextval(pg_get_serial_sequence($2, $3)::regclass) END, _r."name"
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS _j(j, ord), LATERAL jsonb_populate_record(null::"public"."authors", _j.j) AS _r
  ORDER BY _j.ord
  RETURNING "authors".*)
SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "authors".*
  FROM pgrst_source AS "authors") AS _postgrest_t

-- $1 = "[{\"name\":\"Ada\"}]"
-- $2 = "\"public\".\"authors\""
-- $3 = "id"
-- $4 = "id"
