-- GET /rest/v1/posts?select=title,tags(name)

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "posts"."title" AS "title", coalesce("pgrst_1".body, '[]') AS "tags"
  FROM "public"."posts" AS "posts"
  LEFT JOIN LATERAL (SELECT json_agg("pgrst_1_rows") AS body
    FROM (SELECT "tags_1"."name" AS "name"
      FROM "public"."tags" AS "tags_1"
      JOIN "public"."post_tags" AS "post_tags_1" ON "post_tags_1"."tag_id" = "tags_1"."id"
      WHERE "post_tags_1"."post_id" = "posts"."id") AS "pgrst_1_rows") AS "pgrst_1" ON TRUE
  LIMIT 1000) AS _postgrest_t
