-- Benchmark data: 1,000 parents in one organisation, each with an owner (to-one)
-- and 10 children (to-many), readable only by members of the organisation.
create table public.bench_members (user_id uuid primary key, org_id int not null);
create table public.bench_owners (id int primary key, name text not null);
create table public.bench_parents (
  id int primary key,
  org_id int not null,
  owner_id int references public.bench_owners (id),
  name text not null,
  created_at timestamptz not null default now()
);
create table public.bench_children (
  id int primary key,
  parent_id int not null references public.bench_parents (id),
  label text not null
);
create index on public.bench_parents (org_id, created_at desc);
create index on public.bench_parents (owner_id);
create index on public.bench_children (parent_id);

alter table public.bench_members enable row level security;
alter table public.bench_owners enable row level security;
alter table public.bench_parents enable row level security;
alter table public.bench_children enable row level security;

create or replace function public.bench_my_org() returns int
language sql stable security definer set search_path = ''
as $$ select org_id from public.bench_members where user_id = auth.uid() $$;

create policy "members read owners" on public.bench_owners for select to authenticated using (true);
create policy "members read their organisation's parents" on public.bench_parents
  for select to authenticated using (org_id = (select public.bench_my_org()));
create policy "members read children of parents they can read" on public.bench_children
  for select to authenticated using (exists (select 1 from public.bench_parents p where p.id = parent_id));

insert into public.bench_members values ('00000000-0000-4000-8000-00000000b001', 1);
insert into public.bench_owners select g, 'Owner ' || g from generate_series(1, 50) g;
insert into public.bench_parents (id, org_id, owner_id, name, created_at)
  select g, 1, 1 + (g % 50), 'Parent ' || g, now() - make_interval(mins => g) from generate_series(1, 1000) g;
insert into public.bench_children select g, 1 + ((g - 1) / 10), 'Child ' || g from generate_series(1, 10000) g;
analyze;
