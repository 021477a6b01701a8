-- GET /rest/v1/authors?select=id&name=like.A*&email=ilike.*@EXAMPLE.com

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "authors"."id" AS "id"
  FROM "public"."authors" AS "authors"
  WHERE "authors"."name" LIKE $1 AND "authors"."email" ILIKE $2
  LIMIT 1000) AS _postgrest_t

-- $1 = "A%"
-- $2 = "%@EXAMPLE.com"
