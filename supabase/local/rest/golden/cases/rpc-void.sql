-- POST /rest/v1/rpc/bump_views
-- body: {"post":1}

SELECT null::bigint AS total, 0 AS page_total, '' AS body
FROM json_to_record($1::json) AS _args("post" bigint), LATERAL "public"."bump_views"("post" => _args."post") AS pgrst_call

-- $1 = "{\"post\":1}"
