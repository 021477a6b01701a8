-- GET /rest/v1/posts?select=post_id:id,heading:title,"the views":views

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "posts"."id" AS "post_id", "posts"."title" AS "heading", "posts"."views" AS "the views"
  FROM "public"."posts" AS "posts"
  LIMIT 1000) AS _postgrest_t
