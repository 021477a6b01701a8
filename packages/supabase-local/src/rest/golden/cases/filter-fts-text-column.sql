-- GET /rest/v1/posts?select=id&body=fts(english).cat:*&title=not.wfts.dog

WITH pgrst_source AS (
  SELECT "public"."posts"."id"
  FROM "public"."posts"
  WHERE  to_tsvector($1, "public"."posts"."body") @@ to_tsquery($2, $3)  AND NOT to_tsvector("public"."posts"."title") @@ websearch_to_tsquery($4) 
  LIMIT $5
  OFFSET $6 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "english"
-- $2 = "english"
-- $3 = "cat:*"
-- $4 = "dog"
-- $5 = "1000"
-- $6 = "0"
