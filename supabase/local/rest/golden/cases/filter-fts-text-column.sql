-- GET /rest/v1/posts?select=id&body=fts(english).cat:*&title=not.wfts.dog

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "posts"."id" AS "id"
  FROM "public"."posts" AS "posts"
  WHERE to_tsvector($1::regconfig, "posts"."body") @@ to_tsquery($1::regconfig, $2) AND NOT (to_tsvector("posts"."title") @@ websearch_to_tsquery($3))
  LIMIT 1000) AS _postgrest_t

-- $1 = "english"
-- $2 = "cat:*"
-- $3 = "dog"
