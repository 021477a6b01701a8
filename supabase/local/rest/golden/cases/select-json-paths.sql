-- GET /rest/v1/posts?select=id,meta->author,meta->>status,first_tag:meta->tags->0,meta->stats->>score::int,meta->"odd key"->>x

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "posts"."id" AS "id", "posts"."meta"->$1::text AS "author", "posts"."meta"->>$2::text AS "status", "posts"."meta"->$3::text->0 AS "first_tag", CAST("posts"."meta"->$4::text->>$5::text AS int) AS "score", "posts"."meta"->$6::text->>$7::text AS "x"
  FROM "public"."posts" AS "posts"
  LIMIT 1000) AS _postgrest_t

-- $1 = "author"
-- $2 = "status"
-- $3 = "tags"
-- $4 = "stats"
-- $5 = "score"
-- $6 = "odd key"
-- $7 = "x"
