-- GET /rest/v1/authors?select=name,posts!author_id(title,comments(body))&posts.published=is.true&posts.comments.body=neq.spam

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "authors"."name" AS "name", coalesce("pgrst_1".body, '[]') AS "posts"
  FROM "public"."authors" AS "authors"
  LEFT JOIN LATERAL (SELECT json_agg("pgrst_1_rows") AS body
    FROM (SELECT "posts_1"."title" AS "title", coalesce("pgrst_2".body, '[]') AS "comments"
      FROM "public"."posts" AS "posts_1"
      LEFT JOIN LATERAL (SELECT json_agg("pgrst_2_rows") AS body
        FROM (SELECT "comments_2"."body" AS "body"
          FROM "public"."comments" AS "comments_2"
          WHERE "comments_2"."post_id" = "posts_1"."id" AND "comments_2"."body" <> $1) AS "pgrst_2_rows") AS "pgrst_2" ON TRUE
      WHERE "posts_1"."author_id" = "authors"."id" AND "posts_1"."published" IS TRUE) AS "pgrst_1_rows") AS "pgrst_1" ON TRUE
  LIMIT 1000) AS _postgrest_t

-- $1 = "spam"
