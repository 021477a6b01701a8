-- GET /rest/v1/posts?select=id,title&id=eq.1
-- Accept: application/vnd.pgrst.object+json

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "posts"."id" AS "id", "posts"."title" AS "title"
  FROM "public"."posts" AS "posts"
  WHERE "posts"."id" = $1
  LIMIT 1000) AS _postgrest_t

-- $1 = "1"
