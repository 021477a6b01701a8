-- GET /rest/v1/authors?select=name,posts!author_id(id,title)

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "authors"."name" AS "name", coalesce("pgrst_1".body, '[]') AS "posts"
  FROM "public"."authors" AS "authors"
  LEFT JOIN LATERAL (SELECT json_agg("pgrst_1_rows") AS body
    FROM (SELECT "posts_1"."id" AS "id", "posts_1"."title" AS "title"
      FROM "public"."posts" AS "posts_1"
      WHERE "posts_1"."author_id" = "authors"."id") AS "pgrst_1_rows") AS "pgrst_1" ON TRUE
  LIMIT 1000) AS _postgrest_t
