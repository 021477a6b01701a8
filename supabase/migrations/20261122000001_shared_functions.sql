-- Shared helpers used by several tables: keeping updated_at current.

-- Sets updated_at to the current time on every update of a row.
-- Every table with an updated_at column uses this one function.
create or replace function public.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

comment on function public.set_updated_at() is
  'Trigger function: keeps a row''s updated_at at the time of its last change.';
