-- PUT /rest/v1/tags?name=eq.x
-- body: {"id":7,"name":"x"}

-- error 405 PGRST105: Filters must include all and only primary key columns with 'eq' operators
