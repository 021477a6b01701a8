-- POST /rest/v1/tags?on_conflict=name
-- Prefer: resolution=ignore-duplicates,return=representation
-- body: [{"name":"news"},{"name":"tech"}]

WITH pgrst_source AS (INSERT INTO "public"."tags" AS "tags" ("name")
  SELECT _r."name"
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS _j(j, ord), LATERAL jsonb_populate_record(null::"public"."tags", _j.j) AS _r
  ORDER BY _j.ord
  ON CONFLICT ("name") DO NOTHING
  RETURNING "tags".*)
SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "tags".*
  FROM pgrst_source AS "tags") AS _postgrest_t

-- $1 = "[{\"name\":\"news\"},{\"name\":\"tech\"}]"
