-- GET /rest/v1/comments?select=body,post:posts(title,author:authors!author_id(name,profiles(website)),tags(name))

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "comments"."body" AS "body", row_to_json("pgrst_1".*) AS "post"
  FROM "public"."comments" AS "comments"
  LEFT JOIN LATERAL (SELECT "posts_1"."title" AS "title", row_to_json("pgrst_2".*) AS "author", coalesce("pgrst_4".body, '[]') AS "tags"
    FROM "public"."posts" AS "posts_1"
    LEFT JOIN LATERAL (SELECT "authors_2"."name" AS "name", row_to_json("pgrst_3".*) AS "profiles"
      FROM "public"."authors" AS "authors_2"
      LEFT JOIN LATERAL (SELECT "profiles_3"."website" AS "website"
        FROM "public"."profiles" AS "profiles_3"
        WHERE "profiles_3"."author_id" = "authors_2"."id") AS "pgrst_3" ON TRUE
      WHERE "authors_2"."id" = "posts_1"."author_id") AS "pgrst_2" ON TRUE
    LEFT JOIN LATERAL (SELECT json_agg("pgrst_4_rows") AS body
      FROM (SELECT "tags_4"."name" AS "name"
        FROM "public"."tags" AS "tags_4"
        JOIN "public"."post_tags" AS "post_tags_4" ON "post_tags_4"."tag_id" = "tags_4"."id"
        WHERE "post_tags_4"."post_id" = "posts_1"."id") AS "pgrst_4_rows") AS "pgrst_4" ON TRUE
    WHERE "posts_1"."id" = "comments"."post_id") AS "pgrst_1" ON TRUE
  LIMIT 1000) AS _postgrest_t
