-- GET /rest/v1/authors?select= id , "name" ,email

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "authors"."id" AS "id", "authors"."name" AS "name", "authors"."email" AS "email"
  FROM "public"."authors" AS "authors"
  LIMIT 1000) AS _postgrest_t
