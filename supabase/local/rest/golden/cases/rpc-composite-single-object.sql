-- POST /rest/v1/rpc/author_stats?select=post_count
-- Accept: application/vnd.pgrst.object+json
-- body: {"author":1}

SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body
FROM (SELECT "author_stats"."post_count" AS "post_count"
  FROM json_to_record($1::json) AS _args("author" integer), LATERAL "public"."author_stats"("author" => _args."author") AS "author_stats"
  LIMIT 1000) AS _postgrest_t

-- $1 = "{\"author\":1}"
