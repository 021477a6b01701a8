-- GET /rest/v1/posts?select=id&search=fts.cat&search=plfts(english).fat cats&search=phfts.fat cat&search=wfts(simple)."fat cat" -dog

WITH pgrst_source AS (
  SELECT "public"."posts"."id"
  FROM "public"."posts"
  WHERE  "public"."posts"."search" @@ to_tsquery($1)  AND  "public"."posts"."search" @@ plainto_tsquery($2, $3)  AND  "public"."posts"."search" @@ phraseto_tsquery($4)  AND  "public"."posts"."search" @@ websearch_to_tsquery($5, $6) 
  LIMIT $7
  OFFSET $8 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "cat"
-- $2 = "english"
-- $3 = "fat cats"
-- $4 = "fat cat"
-- $5 = "simple"
-- $6 = "\"fat cat\" -dog"
-- $7 = "1000"
-- $8 = "0"
