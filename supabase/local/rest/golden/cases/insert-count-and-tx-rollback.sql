-- POST /rest/v1/tags
-- Prefer: count=exact,tx=rollback,return=minimal
-- body: {"name":"news"}

WITH pgrst_source AS (INSERT INTO "public"."tags" AS "tags" ("name")
  SELECT _r."name"
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS _j(j, ord), LATERAL jsonb_populate_record(null::"public"."tags", _j.j) AS _r
  ORDER BY _j.ord
  RETURNING 1)
SELECT null::bigint AS total, count(*) AS page_total, '' AS body
FROM pgrst_source

-- $1 = "[{\"name\":\"news\"}]"
