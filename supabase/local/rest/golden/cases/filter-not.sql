-- GET /rest/v1/posts?select=id&title=not.eq.x&views=not.gt.10&body=not.like.*spam*

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "posts"."id" AS "id"
  FROM "public"."posts" AS "posts"
  WHERE NOT ("posts"."title" = $1) AND NOT ("posts"."views" > $2) AND NOT ("posts"."body" LIKE $3)
  LIMIT 1000) AS _postgrest_t

-- $1 = "x"
-- $2 = "10"
-- $3 = "%spam%"
