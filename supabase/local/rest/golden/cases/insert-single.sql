-- POST /rest/v1/authors
-- body: {"name":"Ada","email":"ada@example.com"}

WITH pgrst_source AS (INSERT INTO "public"."authors" AS "authors" ("name", "email")
  SELECT _r."name", _r."email"
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS _j(j, ord), LATERAL jsonb_populate_record(null::"public"."authors", _j.j) AS _r
  ORDER BY _j.ord
  RETURNING 1)
SELECT null::bigint AS total, count(*) AS page_total, '' AS body
FROM pgrst_source

-- $1 = "[{\"name\":\"Ada\",\"email\":\"ada@example.com\"}]"
