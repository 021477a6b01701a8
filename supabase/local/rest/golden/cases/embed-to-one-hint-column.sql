-- GET /rest/v1/posts?select=id,author:authors!author_id(id,name)

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "posts"."id" AS "id", row_to_json("pgrst_1".*) AS "author"
  FROM "public"."posts" AS "posts"
  LEFT JOIN LATERAL (SELECT "authors_1"."id" AS "id", "authors_1"."name" AS "name"
    FROM "public"."authors" AS "authors_1"
    WHERE "authors_1"."id" = "posts"."author_id") AS "pgrst_1" ON TRUE
  LIMIT 1000) AS _postgrest_t
