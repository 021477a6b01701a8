-- PATCH /rest/v1/posts?id=eq.1
-- body: {"title":"New","published":true}

WITH pgrst_source AS (UPDATE "public"."posts" AS "posts"
  SET "title" = _r."title", "published" = _r."published"
  FROM jsonb_populate_record(null::"public"."posts", $2::jsonb) AS _r
  WHERE "posts"."id" = $1
  RETURNING 1)
SELECT null::bigint AS total, count(*) AS page_total, '' AS body
FROM pgrst_source

-- $1 = "1"
-- $2 = "{\"title\":\"New\",\"published\":true}"
