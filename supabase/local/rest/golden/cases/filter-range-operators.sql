-- GET /rest/v1/posts?select=id&pages=sl.[10,20)&pages=sr.[0,1)&pages=nxr.[5,9)&pages=nxl.[1,2)&pages=adj.[20,30)&pages=ov.[3,4)

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "posts"."id" AS "id"
  FROM "public"."posts" AS "posts"
  WHERE "posts"."pages" << $1 AND "posts"."pages" >> $2 AND "posts"."pages" &< $3 AND "posts"."pages" &> $4 AND "posts"."pages" -|- $5 AND "posts"."pages" && $6
  LIMIT 1000) AS _postgrest_t

-- $1 = "[10,20)"
-- $2 = "[0,1)"
-- $3 = "[5,9)"
-- $4 = "[1,2)"
-- $5 = "[20,30)"
-- $6 = "[3,4)"
