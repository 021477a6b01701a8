-- GET /rest/v1/posts?select=id&meta->>status=eq.draft&meta->stats->>score=gt.5&meta->tags->0=eq."news"

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "posts"."id" AS "id"
  FROM "public"."posts" AS "posts"
  WHERE "posts"."meta"->>$1::text = $2 AND "posts"."meta"->$3::text->>$4::text > $5 AND "posts"."meta"->$6::text->0 = $7
  LIMIT 1000) AS _postgrest_t

-- $1 = "status"
-- $2 = "draft"
-- $3 = "stats"
-- $4 = "score"
-- $5 = "5"
-- $6 = "tags"
-- $7 = "\"news\""
