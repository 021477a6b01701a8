-- A table the fixture edge function `rest-call` (supabase/functions/rest-call) reads through the REST API as its caller.
create table public.functions_fixture_notes (
  id int primary key,
  owner uuid not null,
  body text not null
);
comment on table public.functions_fixture_notes is 'Rows an edge function reads back through REST in the functions tests.';
alter table public.functions_fixture_notes enable row level security;
create policy "Owners read their own notes" on public.functions_fixture_notes
  for select to authenticated using (owner = auth.uid());
grant select on public.functions_fixture_notes to anon, authenticated, service_role;
insert into public.functions_fixture_notes (id, owner, body) values
  (1, '0f0f0f0f-0000-4000-8000-000000000001', 'note of the first owner'),
  (2, '0f0f0f0f-0000-4000-8000-000000000002', 'note of the second owner');
