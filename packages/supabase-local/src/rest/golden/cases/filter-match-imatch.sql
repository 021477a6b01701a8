-- GET /rest/v1/authors?select=id&name=match.^A.*z$&email=imatch.example

WITH pgrst_source AS (
  SELECT "public"."authors"."id"
  FROM "public"."authors"
  WHERE  "public"."authors"."name" ~ $1 AND  "public"."authors"."email" ~* $2
  LIMIT $3
  OFFSET $4 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "^A.*z$"
-- $2 = "example"
-- $3 = "1000"
-- $4 = "0"
