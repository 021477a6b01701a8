-- POST /rest/v1/tags
-- Prefer: resolution=merge-duplicates
-- body: [{"id":1,"name":"news"}]

WITH pgrst_source AS (INSERT INTO "public"."tags" AS "tags" ("id", "name")
  SELECT _r."id", _r."name"
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS _j(j, ord), LATERAL jsonb_populate_record(null::"public"."tags", _j.j) AS _r
  ORDER BY _j.ord
  ON CONFLICT ("id")
  DO UPDATE SET "id" = EXCLUDED."id", "name" = EXCLUDED."name"
  RETURNING 1)
SELECT null::bigint AS total, count(*) AS page_total, '' AS body
FROM pgrst_source

-- $1 = "[{\"id\":1,\"name\":\"news\"}]"
