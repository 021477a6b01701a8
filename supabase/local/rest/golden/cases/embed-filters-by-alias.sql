-- GET /rest/v1/posts?select=id,notes:comments(body)&notes.id=gt.10&notes.or=(body.eq.a,body.eq.b)

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "posts"."id" AS "id", coalesce("pgrst_1".body, '[]') AS "notes"
  FROM "public"."posts" AS "posts"
  LEFT JOIN LATERAL (SELECT json_agg("pgrst_1_rows") AS body
    FROM (SELECT "comments_1"."body" AS "body"
      FROM "public"."comments" AS "comments_1"
      WHERE "comments_1"."post_id" = "posts"."id" AND "comments_1"."id" > $1 AND ("comments_1"."body" = $2 OR "comments_1"."body" = $3)) AS "pgrst_1_rows") AS "pgrst_1" ON TRUE
  LIMIT 1000) AS _postgrest_t

-- $1 = "10"
-- $2 = "a"
-- $3 = "b"
