-- GET /rest/v1/posts?select=id,comments(id,body)

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "posts"."id" AS "id", coalesce("pgrst_1".body, '[]') AS "comments"
  FROM "public"."posts" AS "posts"
  LEFT JOIN LATERAL (SELECT json_agg("pgrst_1_rows") AS body
    FROM (SELECT "comments_1"."id" AS "id", "comments_1"."body" AS "body"
      FROM "public"."comments" AS "comments_1"
      WHERE "comments_1"."post_id" = "posts"."id") AS "pgrst_1_rows") AS "pgrst_1" ON TRUE
  LIMIT 1000) AS _postgrest_t
