-- GET /rest/v1/posts?title=like(any).{H*,S*}&body=ilike(all).{%a%,%b%}&views=gt(any).{1,2}&id=not.eq(all).{3,4}&or=(title.match(any).{^a,b$},views.lte(all).{5,6})

WITH pgrst_source AS (
  SELECT "public"."posts".*
  FROM "public"."posts"
  WHERE  ( "public"."posts"."title" ~ ANY($1) OR  "public"."posts"."views" <= ALL($2)) AND  "public"."posts"."title" like ANY($3) AND  "public"."posts"."body" ilike ALL($4) AND  "public"."posts"."views" > ANY($5) AND NOT "public"."posts"."id" = ALL($6)
  LIMIT $7
  OFFSET $8 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "{^a,b$}"
-- $2 = "{5,6}"
-- $3 = "{H%,S%}"
-- $4 = "{%a%,%b%}"
-- $5 = "{1,2}"
-- $6 = "{3,4}"
-- $7 = "1000"
-- $8 = "0"
