-- GET /rest/v1/posts?select=id&id=in.(1,2,3)&title=in.("a,b","say \"hi\"",plain)&views=not.in.(0)

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "posts"."id" AS "id"
  FROM "public"."posts" AS "posts"
  WHERE "posts"."id" IN ($1, $2, $3) AND "posts"."title" IN ($4, $5, $6) AND NOT ("posts"."views" IN ($7))
  LIMIT 1000) AS _postgrest_t

-- $1 = "1"
-- $2 = "2"
-- $3 = "3"
-- $4 = "a,b"
-- $5 = "say \"hi\""
-- $6 = "plain"
-- $7 = "0"
