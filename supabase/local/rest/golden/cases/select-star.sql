-- GET /rest/v1/posts

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "posts".*
  FROM "public"."posts" AS "posts"
  LIMIT 1000) AS _postgrest_t
