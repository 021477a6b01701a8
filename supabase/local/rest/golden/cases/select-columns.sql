-- GET /rest/v1/posts?select=id,title,views

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "posts"."id" AS "id", "posts"."title" AS "title", "posts"."views" AS "views"
  FROM "public"."posts" AS "posts"
  LIMIT 1000) AS _postgrest_t
