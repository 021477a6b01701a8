-- GET /rest/v1/authors?select=name,...posts!author_id(views.sum())
-- settings: {"aggregatesEnabled":true}

-- error 400 PGRST127: Feature not implemented
-- details: "Aggregates are not implemented for one-to-many or many-to-many spreads."
