-- GET /rest/v1/authors?select=id&bio=cs.{"lang":"en"}&bio=cd.{"lang":"en","x":1}

WITH pgrst_source AS (
  SELECT "public"."authors"."id"
  FROM "public"."authors"
  WHERE  "public"."authors"."bio" @> $1 AND  "public"."authors"."bio" <@ $2
  LIMIT $3
  OFFSET $4 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "{\"lang\":\"en\"}"
-- $2 = "{\"lang\":\"en\",\"x\":1}"
-- $3 = "1000"
-- $4 = "0"
