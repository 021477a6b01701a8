-- GET /rest/v1/posts?select=id&or=(views.gt.10,title.ilike.*pg*,id.in.(1,2),title.eq."a,b",editor_id.is.null)

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "posts"."id" AS "id"
  FROM "public"."posts" AS "posts"
  WHERE ("posts"."views" > $1 OR "posts"."title" ILIKE $2 OR "posts"."id" IN ($3, $4) OR "posts"."title" = $5 OR "posts"."editor_id" IS NULL)
  LIMIT 1000) AS _postgrest_t

-- $1 = "10"
-- $2 = "%pg%"
-- $3 = "1"
-- $4 = "2"
-- $5 = "a,b"
