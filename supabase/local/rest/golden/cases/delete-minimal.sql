-- DELETE /rest/v1/comments?post_id=eq.1&body=ilike.*spam*

WITH pgrst_source AS (DELETE FROM "public"."comments" AS "comments"
  WHERE "comments"."post_id" = $1 AND "comments"."body" ILIKE $2
  RETURNING 1)
SELECT null::bigint AS total, count(*) AS page_total, '' AS body
FROM pgrst_source

-- $1 = "1"
-- $2 = "%spam%"
