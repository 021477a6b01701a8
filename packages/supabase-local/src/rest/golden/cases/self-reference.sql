-- GET /rest/v1/folders?select=name,folders(name),parent:parent_id(name),children:folders!parent_id(id)

WITH pgrst_source AS (
  SELECT "public"."folders"."name", COALESCE( "folders_folders_1"."folders_folders_1", '[]') AS "folders", row_to_json("folders_parent_1".*)::jsonb AS "parent", COALESCE( "folders_children_1"."folders_children_1", '[]') AS "children"
  FROM "public"."folders"
  LEFT JOIN LATERAL (
    SELECT json_agg("folders_folders_1")::jsonb AS "folders_folders_1"
    FROM (SELECT "folders_1"."name"
      FROM "public"."folders" AS "folders_1"
      WHERE "folders_1"."parent_id" = "public"."folders"."id"
      LIMIT $1
      OFFSET $2 ) AS "folders_folders_1" ) AS "folders_folders_1" ON TRUE
  LEFT JOIN LATERAL (
    SELECT "folders_1"."name"
    FROM "public"."folders" AS "folders_1"
    WHERE "folders_1"."id" = "public"."folders"."parent_id"
    LIMIT $3
    OFFSET $4 ) AS "folders_parent_1" ON TRUE
  LEFT JOIN LATERAL (
    SELECT json_agg("folders_children_1")::jsonb AS "folders_children_1"
    FROM (SELECT "folders_1"."id"
      FROM "public"."folders" AS "folders_1"
      WHERE "folders_1"."parent_id" = "public"."folders"."id"
      LIMIT $5
      OFFSET $6 ) AS "folders_children_1" ) AS "folders_children_1" ON TRUE
  LIMIT $7
  OFFSET $8 )
SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status, '' AS response_inserted
FROM (
  SELECT *
  FROM pgrst_source ) _postgrest_t

-- $1 = "1000"
-- $2 = "0"
-- $3 = "1000"
-- $4 = "0"
-- $5 = "1000"
-- $6 = "0"
-- $7 = "1000"
-- $8 = "0"
