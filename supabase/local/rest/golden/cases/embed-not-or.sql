-- GET /rest/v1/posts?select=id,comments(body)&comments.not.or=(body.eq.a,body.eq.b)&comments.not.and=(id.gt.1,id.lt.9)

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "posts"."id" AS "id", coalesce("pgrst_1".body, '[]') AS "comments"
  FROM "public"."posts" AS "posts"
  LEFT JOIN LATERAL (SELECT json_agg("pgrst_1_rows") AS body
    FROM (SELECT "comments_1"."body" AS "body"
      FROM "public"."comments" AS "comments_1"
      WHERE "comments_1"."post_id" = "posts"."id" AND NOT ("comments_1"."body" = $1 OR "comments_1"."body" = $2) AND NOT ("comments_1"."id" > $3 AND "comments_1"."id" < $4)) AS "pgrst_1_rows") AS "pgrst_1" ON TRUE
  LIMIT 1000) AS _postgrest_t

-- $1 = "a"
-- $2 = "b"
-- $3 = "1"
-- $4 = "9"
