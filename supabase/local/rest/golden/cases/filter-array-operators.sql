-- GET /rest/v1/posts?select=id&tags=cs.{news,tech}&tags=cd.{news,tech,sport}&tags=ov.{sport}

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "posts"."id" AS "id"
  FROM "public"."posts" AS "posts"
  WHERE "posts"."tags" @> $1 AND "posts"."tags" <@ $2 AND "posts"."tags" && $3
  LIMIT 1000) AS _postgrest_t

-- $1 = "{news,tech}"
-- $2 = "{news,tech,sport}"
-- $3 = "{sport}"
