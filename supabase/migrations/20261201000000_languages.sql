-- Languages: each login's own choice, each venue's (its walls speak it), and the network's
-- currency readable by every signed-in person (money is shown in it everywhere).

alter table public.users
  add column locale text,
  add constraint users_locale_is_supported check (locale is null or locale in ('en', 'es', 'de'));

comment on column public.users.locale is
  'The language this login chose for its screens (en, es or de); null until they choose (English). Set through public.set_my_locale().';

alter table public.customers
  add column locale text not null default 'en',
  add constraint customers_locale_is_supported check (locale in ('en', 'es', 'de'));

comment on column public.customers.locale is
  'The language of this venue: its walls'' own texts and dynamic slides speak it (en, es or de).';

create function public.set_my_locale(p_locale text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception 'Sign in to choose a language' using errcode = '42501';
  end if;
  if p_locale is null or p_locale not in ('en', 'es', 'de') then
    raise exception 'Unsupported language: %', coalesce(p_locale, 'none')
      using errcode = '22023', hint = 'Choose en, es or de.';
  end if;
  update public.users set locale = p_locale where id = auth.uid();
end;
$$;

comment on function public.set_my_locale(text) is
  'Keeps the signed-in login''s language (en, es or de) in public.users.locale; 22023 for any other.';

revoke all on function public.set_my_locale(text) from public, anon;
grant execute on function public.set_my_locale(text) to authenticated;

create function public.network_currency()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select currency from public.network_settings where id), 'USD');
$$;

comment on function public.network_currency() is
  'The ISO 4217 code every amount is shown in (network_settings.currency, USD by default), for every signed-in screen.';

revoke all on function public.network_currency() from public, anon;
grant execute on function public.network_currency() to authenticated;
