-- GET /rest/v1/posts?select=id&limit=0&offset=0

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "posts"."id" AS "id"
  FROM "public"."posts" AS "posts"
  LIMIT 0) AS _postgrest_t
