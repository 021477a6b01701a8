-- GET /rest/v1/rpc/posts_by_author?author=1&select=id,title,comments(body)&views=gt.10&order=id.desc&limit=5&offset=5
-- Prefer: count=exact

SELECT (SELECT count(*)
  FROM json_to_record($1::json) AS _args("author" integer), LATERAL "public"."posts_by_author"("author" => _args."author") AS "posts_by_author"
  LEFT JOIN LATERAL (SELECT json_agg("pgrst_1_rows") AS body
    FROM (SELECT "comments_1"."body" AS "body"
      FROM "public"."comments" AS "comments_1"
      WHERE "comments_1"."post_id" = "posts_by_author"."id") AS "pgrst_1_rows") AS "pgrst_1" ON TRUE
  WHERE "posts_by_author"."views" > $2) AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "posts_by_author"."id" AS "id", "posts_by_author"."title" AS "title", coalesce("pgrst_1".body, '[]') AS "comments"
  FROM json_to_record($1::json) AS _args("author" integer), LATERAL "public"."posts_by_author"("author" => _args."author") AS "posts_by_author"
  LEFT JOIN LATERAL (SELECT json_agg("pgrst_1_rows") AS body
    FROM (SELECT "comments_1"."body" AS "body"
      FROM "public"."comments" AS "comments_1"
      WHERE "comments_1"."post_id" = "posts_by_author"."id") AS "pgrst_1_rows") AS "pgrst_1" ON TRUE
  WHERE "posts_by_author"."views" > $2
  ORDER BY "posts_by_author"."id" DESC
  LIMIT 5
  OFFSET 5) AS _postgrest_t

-- $1 = "{\"author\":\"1\"}"
-- $2 = "10"
