import { zodResolver } from '@hookform/resolvers/zod';
import { Mail } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { magicLinkInputSchema, useSendMagicLink } from '../api/send-magic-link';

export const LINK_SENT_MESSAGE = 'Sign-in link sent! Check your email and click the link to access your account.';

/** The customer sign-in: an e-mail address, to which a sign-in link is sent. */
export function CustomerSignInForm() {
  const sendLink = useSendMagicLink();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(magicLinkInputSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit((values) => sendLink.mutate(values));

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
      {sendLink.isSuccess && <Alert tone="success">{LINK_SENT_MESSAGE}</Alert>}
      {sendLink.error && <Alert tone="danger">{sendLink.error.message}</Alert>}
      <Field label="Email" error={errors.email?.message}>
        {({ invalid, ...control }) => (
          <Input
            {...control}
            {...register('email')}
            invalid={invalid}
            type="email"
            autoComplete="email"
            placeholder="you@business.com"
          />
        )}
      </Field>
      <Button type="submit" className="w-full" isLoading={sendLink.isPending}>
        {!sendLink.isPending && <Mail aria-hidden className="size-4" />}
        {sendLink.isPending ? 'Sending…' : 'Send Sign-in Link'}
      </Button>
    </form>
  );
}
