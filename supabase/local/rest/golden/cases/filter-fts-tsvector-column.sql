-- GET /rest/v1/posts?select=id&search=fts.cat&search=plfts(english).fat cats&search=phfts.fat cat&search=wfts(simple)."fat cat" -dog

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "posts"."id" AS "id"
  FROM "public"."posts" AS "posts"
  WHERE "posts"."search" @@ to_tsquery($1) AND "posts"."search" @@ plainto_tsquery($2::regconfig, $3) AND "posts"."search" @@ phraseto_tsquery($4) AND "posts"."search" @@ websearch_to_tsquery($5::regconfig, $6)
  LIMIT 1000) AS _postgrest_t

-- $1 = "cat"
-- $2 = "english"
-- $3 = "fat cats"
-- $4 = "fat cat"
-- $5 = "simple"
-- $6 = "\"fat cat\" -dog"
