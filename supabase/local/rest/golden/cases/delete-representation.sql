-- DELETE /rest/v1/comments?select=id,post:posts(title)&not.and=(id.gt.100,body.is.null)&order=id
-- Prefer: return=representation

WITH pgrst_source AS (DELETE FROM "public"."comments" AS "comments"
  WHERE NOT ("comments"."id" > $1 AND "comments"."body" IS NULL)
  RETURNING "comments".*)
SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "comments"."id" AS "id", row_to_json("pgrst_1".*) AS "post"
  FROM pgrst_source AS "comments"
  LEFT JOIN LATERAL (SELECT "posts_1"."title" AS "title"
    FROM "public"."posts" AS "posts_1"
    WHERE "posts_1"."id" = "comments"."post_id") AS "pgrst_1" ON TRUE
  ORDER BY "comments"."id" ASC) AS _postgrest_t

-- $1 = "100"
