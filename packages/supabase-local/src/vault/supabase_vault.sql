-- Supabase Vault 0.3 (supabase/vault: sql/supabase_vault--0.3.0.sql, 0.3.1 has no
-- SQL changes) with the grants a hosted project gives it: postgres and
-- service_role may read and manage secrets, anon and authenticated may not.
-- Vault's C functions (pgsodium's deterministic AEAD, XChaCha20-SIV, under a key
-- the server keeps outside the database) are stood in for with pgcrypto: a
-- deterministic AEAD built as SIV from HMAC-SHA256 and AES-256-CBC, under a
-- random key the stack creates once and keeps in _local_stack.vault_key, a
-- table only the database owner can read. Idempotent: re-applied with platform.sql.

create schema if not exists vault;

create table if not exists _local_stack.vault_key (
  id int primary key check (id = 0),
  key bytea not null
);
insert into _local_stack.vault_key (id, key)
values (0, extensions.gen_random_bytes(32))
on conflict (id) do nothing;
revoke all on _local_stack.vault_key from public;

-- The two keys of key_id's subkey in `context`, one to encrypt and one to
-- authenticate, after pgsodium's checks of the arguments (`fn` names the caller).
create or replace function _local_stack.vault_subkeys(
  fn text, message bytea, key_id bigint, context bytea, nonce bytea, out enc_key bytea, out mac_key bytea
)
  language plpgsql stable security definer set search_path = '' as $$
declare
  subkey bytea;
begin
  if message is null then
    raise exception '%: message cannot be NULL', fn using errcode = '22000';
  elsif key_id is null then
    raise exception '%: key id cannot be NULL', fn using errcode = '22000';
  elsif context is null then
    raise exception '%: key context cannot be NULL', fn using errcode = '22000';
  elsif nonce is not null and pg_catalog.length(nonce) <> 16 then
    raise exception '%: invalid nonce', fn using errcode = '22000';
  end if;
  select extensions.hmac(context || pg_catalog.convert_to(key_id::text, 'utf8'), k.key, 'sha256')
    into subkey from _local_stack.vault_key k where k.id = 0;
  enc_key := extensions.hmac('\x01'::bytea, subkey, 'sha256');
  mac_key := extensions.hmac('\x02'::bytea, subkey, 'sha256');
end
$$;
revoke all on function _local_stack.vault_subkeys(text, bytea, bigint, bytea, bytea) from public;

create or replace function vault._crypto_aead_det_encrypt(message bytea, additional bytea, key_id bigint, context bytea = 'pgsodium', nonce bytea = NULL)
  returns bytea
  language plpgsql immutable security definer set search_path = '' as $$
declare
  keys record;
  siv bytea;
begin
  select * into keys from _local_stack.vault_subkeys('pgsodium_crypto_aead_det_encrypt_by_id', message, key_id, context, nonce);
  siv := extensions.hmac(coalesce(nonce, '') || coalesce(additional, '') || message, keys.mac_key, 'sha256');
  return siv || extensions.encrypt_iv(message, keys.enc_key, pg_catalog.substr(siv, 1, 16), 'aes-cbc/pad:pkcs');
end
$$;

create or replace function vault._crypto_aead_det_decrypt(message bytea, additional bytea, key_id bigint, context bytea = 'pgsodium', nonce bytea = NULL)
  returns bytea
  language plpgsql immutable security definer set search_path = '' as $$
declare
  keys record;
  siv bytea;
  plain bytea;
begin
  select * into keys from _local_stack.vault_subkeys('pgsodium_crypto_aead_det_decrypt_by_id', message, key_id, context, nonce);
  if pg_catalog.length(message) < 32 then
    raise exception 'pgsodium_crypto_aead_det_decrypt_by_id: invalid message' using errcode = '22000';
  end if;
  siv := pg_catalog.substr(message, 1, 32);
  begin
    plain := extensions.decrypt_iv(pg_catalog.substr(message, 33), keys.enc_key, pg_catalog.substr(siv, 1, 16), 'aes-cbc/pad:pkcs');
  exception when others then
    plain := null;
  end;
  if plain is null
     or extensions.hmac(coalesce(nonce, '') || coalesce(additional, '') || plain, keys.mac_key, 'sha256') <> siv then
    raise exception 'pgsodium_crypto_aead_det_decrypt_by_id: invalid ciphertext' using errcode = '22000';
  end if;
  return plain;
end
$$;

create or replace function vault._crypto_aead_det_noncegen()
  returns bytea
  language sql immutable
  as $$ select extensions.gen_random_bytes(16) $$;

create table if not exists vault.secrets (
  id uuid     primary key default gen_random_uuid(),
  name        text,
  description text not null default '',
  secret      text not null,
  key_id      uuid,
  nonce       bytea default vault._crypto_aead_det_noncegen(),
  created_at  timestamptz not null default current_timestamp,
  updated_at  timestamptz not null default current_timestamp
);

comment on table vault.secrets is 'Table with encrypted `secret` column for storing sensitive information on disk.';

create unique index if not exists secrets_name_idx on vault.secrets using btree (name) where name is not null;

create or replace view vault.decrypted_secrets as
select s.id,
  s.name,
  s.description,
  s.secret,
  convert_from(
    vault._crypto_aead_det_decrypt(
      message := decode(s.secret, 'base64'::text),
      additional := convert_to(s.id::text, 'utf8'),
      key_id := 0,
      context := 'pgsodium'::bytea,
      nonce := s.nonce
    ),
    'utf8'::name
  ) as decrypted_secret,
  s.key_id,
  s.nonce,
  s.created_at,
  s.updated_at
from vault.secrets s;

create or replace function vault.create_secret(
  new_secret text,
  new_name text = null,
  new_description text = '',
  -- unused
  new_key_id uuid = null
)
returns uuid
security definer
language plpgsql
set search_path = ''
as $$
declare
  rec record;
begin
  insert into vault.secrets (secret, name, description)
  values (
    new_secret,
    new_name,
    new_description
  )
  returning * into rec;
  update vault.secrets s
  set secret = encode(vault._crypto_aead_det_encrypt(
    message := convert_to(rec.secret, 'utf8'),
    additional := convert_to(s.id::text, 'utf8'),
    key_id := 0,
    context := 'pgsodium'::bytea,
    nonce := rec.nonce
  ), 'base64')
  where id = rec.id;
  return rec.id;
end
$$;

create or replace function vault.update_secret(
  secret_id uuid,
  new_secret text = null,
  new_name text = null,
  new_description text = null,
  -- unused
  new_key_id uuid = null
)
returns void
security definer
language plpgsql
set search_path = ''
as $$
declare
  decrypted_secret text := (select decrypted_secret from vault.decrypted_secrets where id = secret_id);
begin
  update vault.secrets s
  set
    secret = case when new_secret is null then s.secret
                  else encode(vault._crypto_aead_det_encrypt(
                    message := convert_to(new_secret, 'utf8'),
                    additional := convert_to(s.id::text, 'utf8'),
                    key_id := 0,
                    context := 'pgsodium'::bytea,
                    nonce := s.nonce
                  ), 'base64') end,
    name = coalesce(new_name, s.name),
    description = coalesce(new_description, s.description),
    updated_at = now()
  where s.id = secret_id;
end
$$;

revoke all on function
  vault._crypto_aead_det_encrypt,
  vault._crypto_aead_det_decrypt,
  vault._crypto_aead_det_noncegen,
  vault.create_secret,
  vault.update_secret
from public;

-- The grants of a hosted project (supabase/postgres, supabase_vault's after-create script).
grant usage on schema vault to postgres with grant option;
grant select, delete, truncate, references on vault.secrets, vault.decrypted_secrets to postgres with grant option;
grant execute on function vault.create_secret, vault.update_secret, vault._crypto_aead_det_decrypt to postgres with grant option;
grant usage on schema vault to service_role;
grant select, delete on vault.secrets, vault.decrypted_secrets to service_role;
grant execute on function vault.create_secret, vault.update_secret, vault._crypto_aead_det_decrypt to service_role;

select _local_stack.register_extension('supabase_vault', '0.3.1', 'vault', '{vault}');
