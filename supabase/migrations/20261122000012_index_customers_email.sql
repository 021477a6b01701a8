-- The customer home and player find the signed-in customer's row by equal
-- e-mail (customers?email=eq.<e-mail>); without this index that lookup reads
-- every customer. (customers_email_unique_idx on lower(email) keeps e-mails unique.)
create index customers_email_idx on public.customers (email);
