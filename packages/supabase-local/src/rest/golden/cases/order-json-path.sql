-- GET /rest/v1/posts?select=id&order=meta->>rank.desc,meta->stats->score

WITH pgrst_source AS (
  SELECT "public"."posts"."id"
  FROM "public"."posts"
  ORDER BY "public"."posts"."meta"->>$1 DESC, "public"."posts"."meta"->$2->$3
  LIMIT $4
  OFFSET $5 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "rank"
-- $2 = "stats"
-- $3 = "score"
-- $4 = "1000"
-- $5 = "0"
