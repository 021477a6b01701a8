-- GET /rest/v1/posts?select=id&id=eq.1&views=neq.2&views=gt.3&views=gte.4&id=lt.5&id=lte.6

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "posts"."id" AS "id"
  FROM "public"."posts" AS "posts"
  WHERE "posts"."id" = $1 AND "posts"."views" <> $2 AND "posts"."views" > $3 AND "posts"."views" >= $4 AND "posts"."id" < $5 AND "posts"."id" <= $6
  LIMIT 1000) AS _postgrest_t

-- $1 = "1"
-- $2 = "2"
-- $3 = "3"
-- $4 = "4"
-- $5 = "5"
-- $6 = "6"
