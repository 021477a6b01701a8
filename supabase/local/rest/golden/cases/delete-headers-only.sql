-- DELETE /rest/v1/tags?name=in.(a,b)
-- Prefer: return=headers-only, count=exact

WITH pgrst_source AS (DELETE FROM "public"."tags" AS "tags"
  WHERE "tags"."name" IN ($1, $2)
  RETURNING 1)
SELECT null::bigint AS total, count(*) AS page_total, '' AS body
FROM pgrst_source

-- $1 = "a"
-- $2 = "b"
