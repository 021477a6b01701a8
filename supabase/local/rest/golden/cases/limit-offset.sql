-- GET /rest/v1/posts?select=id&order=id&limit=10&offset=20

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "posts"."id" AS "id"
  FROM "public"."posts" AS "posts"
  ORDER BY "posts"."id" ASC
  LIMIT 10
  OFFSET 20) AS _postgrest_t
