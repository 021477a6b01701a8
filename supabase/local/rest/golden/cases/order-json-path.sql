-- GET /rest/v1/posts?select=id&order=meta->>rank.desc,meta->stats->score

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "posts"."id" AS "id"
  FROM "public"."posts" AS "posts"
  ORDER BY "posts"."meta"->>$1::text DESC, "posts"."meta"->$2::text->$3::text ASC
  LIMIT 1000) AS _postgrest_t

-- $1 = "rank"
-- $2 = "stats"
-- $3 = "score"
