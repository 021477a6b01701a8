-- GET /rest/v1/authors?select=id&name=match.^A.*z$&email=imatch.example

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "authors"."id" AS "id"
  FROM "public"."authors" AS "authors"
  WHERE "authors"."name" ~ $1 AND "authors"."email" ~* $2
  LIMIT 1000) AS _postgrest_t

-- $1 = "^A.*z$"
-- $2 = "example"
