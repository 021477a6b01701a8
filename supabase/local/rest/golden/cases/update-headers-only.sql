-- PATCH /rest/v1/posts?id=in.(1,2)
-- Prefer: return=headers-only
-- body: {"published":false}

WITH pgrst_source AS (UPDATE "public"."posts" AS "posts"
  SET "published" = _r."published"
  FROM jsonb_populate_record(null::"public"."posts", $3::jsonb) AS _r
  WHERE "posts"."id" IN ($1, $2)
  RETURNING 1)
SELECT null::bigint AS total, count(*) AS page_total, '' AS body
FROM pgrst_source

-- $1 = "1"
-- $2 = "2"
-- $3 = "{\"published\":false}"
