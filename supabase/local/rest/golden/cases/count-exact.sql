-- GET /rest/v1/posts?select=id,comments!inner(id)&published=is.true&limit=5
-- Prefer: count=exact

SELECT (SELECT count(*)
  FROM "public"."posts" AS "posts"
  INNER JOIN LATERAL (SELECT json_agg("pgrst_1_rows") AS body
    FROM (SELECT "comments_1"."id" AS "id"
      FROM "public"."comments" AS "comments_1"
      WHERE "comments_1"."post_id" = "posts"."id") AS "pgrst_1_rows") AS "pgrst_1" ON "pgrst_1".body IS NOT NULL
  WHERE "posts"."published" IS TRUE) AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "posts"."id" AS "id", coalesce("pgrst_1".body, '[]') AS "comments"
  FROM "public"."posts" AS "posts"
  INNER JOIN LATERAL (SELECT json_agg("pgrst_1_rows") AS body
    FROM (SELECT "comments_1"."id" AS "id"
      FROM "public"."comments" AS "comments_1"
      WHERE "comments_1"."post_id" = "posts"."id") AS "pgrst_1_rows") AS "pgrst_1" ON "pgrst_1".body IS NOT NULL
  WHERE "posts"."published" IS TRUE
  LIMIT 5) AS _postgrest_t
