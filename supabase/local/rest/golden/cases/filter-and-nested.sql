-- GET /rest/v1/posts?select=id&and=(published.is.true,or(views.lt.5,views.gt.100),not.and(id.eq.1,id.eq.2))&not.or=(title.eq.x,body.fts.y)

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "posts"."id" AS "id"
  FROM "public"."posts" AS "posts"
  WHERE ("posts"."published" IS TRUE AND ("posts"."views" < $1 OR "posts"."views" > $2) AND NOT ("posts"."id" = $3 AND "posts"."id" = $4)) AND NOT ("posts"."title" = $5 OR to_tsvector("posts"."body") @@ to_tsquery($6))
  LIMIT 1000) AS _postgrest_t

-- $1 = "5"
-- $2 = "100"
-- $3 = "1"
-- $4 = "2"
-- $5 = "x"
-- $6 = "y"
