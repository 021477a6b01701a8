-- GET /rest/v1/authors?select=id&bio=cs.{"lang":"en"}&bio=cd.{"lang":"en","x":1}

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "authors"."id" AS "id"
  FROM "public"."authors" AS "authors"
  WHERE "authors"."bio" @> $1 AND "authors"."bio" <@ $2
  LIMIT 1000) AS _postgrest_t

-- $1 = "{\"lang\":\"en\"}"
-- $2 = "{\"lang\":\"en\",\"x\":1}"
