import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, LogIn, Mail } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { magicLinkInputSchema, useSendMagicLink } from '../api/send-magic-link';
import {
  signInCodeInputSchema,
  signInInputSchema,
  useCodeSignIn,
  usePasswordSignIn,
  type SignInCodeInput,
} from '../api/sign-in';

type Mode = 'link' | 'password';

/**
 * The venue sign-in. By default an e-mail address, to which a sign-in link is sent; the
 * e-mail also carries a 6-digit code, which can be typed here instead of following the
 * link (on a screen's computer that cannot open the e-mail, say). "Use a password instead"
 * signs in with the password an admin set for the venue (Set Password on its page).
 */
export function CustomerSignInForm() {
  const [mode, setMode] = useState<Mode>('link');
  const [email, setEmail] = useState('');
  return mode === 'link' ? (
    <LinkSignIn email={email} onUsePassword={(typed) => (setEmail(typed), setMode('password'))} />
  ) : (
    <PasswordSignIn email={email} onUseLink={(typed) => (setEmail(typed), setMode('link'))} />
  );
}

function SwitchButton({ onClick, children }: { onClick: () => void; children: string }) {
  return (
    <Button type="button" variant="ghost" size="sm" className="w-full" onClick={onClick}>
      {children}
    </Button>
  );
}

function LinkSignIn({ email, onUsePassword }: { email: string; onUsePassword: (email: string) => void }) {
  const { t } = useTranslation('auth');
  const sendLink = useSendMagicLink();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm({ resolver: zodResolver(magicLinkInputSchema), defaultValues: { email } });
  const onSubmit = handleSubmit((values) => sendLink.mutate(values));
  const sentTo = sendLink.isSuccess ? sendLink.variables.email : null;
  return (
    <div className="space-y-4">
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
        {sendLink.isSuccess && <Alert tone="success">{t('link.sent')}</Alert>}
        {sendLink.error && <Alert tone="danger">{sendLink.error.message}</Alert>}
        <Field label={t('fields.email')} error={errors.email?.message}>
          {({ invalid, ...control }) => (
            <Input
              {...control}
              {...register('email')}
              invalid={invalid}
              type="email"
              autoComplete="email"
              placeholder={t('link.emailPlaceholder')}
            />
          )}
        </Field>
        <Button type="submit" className="w-full" isLoading={sendLink.isPending}>
          {!sendLink.isPending && <Mail aria-hidden className="size-4" />}
          {sendLink.isPending ? t('actions.sending') : sentTo ? t('link.sendAnother') : t('link.send')}
        </Button>
      </form>
      {sentTo && <CodeSignIn email={sentTo} />}
      <SwitchButton onClick={() => onUsePassword(getValues('email'))}>{t('link.usePassword')}</SwitchButton>
    </div>
  );
}

/** The code of the sign-in e-mail, typed instead of following its link. */
function CodeSignIn({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const signIn = useCodeSignIn();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignInCodeInput>({ resolver: zodResolver(signInCodeInputSchema), values: { email, code: '' } });
  const onSubmit = handleSubmit((values) => signIn.mutate(values));
  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      className="space-y-3 rounded-md border border-gray-200 p-3"
      aria-label={t('code.formLabel')}
    >
      <p className="text-sm text-gray-600">{t('code.intro')}</p>
      {signIn.error && <Alert tone="danger">{signIn.error.message}</Alert>}
      <Field label={t('fields.code')} error={errors.code?.message}>
        {({ invalid, ...control }) => (
          <Input
            {...control}
            {...register('code')}
            invalid={invalid}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={t('code.placeholder')}
          />
        )}
      </Field>
      <Button type="submit" variant="outline" className="w-full" isLoading={signIn.isPending}>
        {!signIn.isPending && <LogIn aria-hidden className="size-4" />}
        {signIn.isPending ? t('actions.signingIn') : t('code.submit')}
      </Button>
    </form>
  );
}

function PasswordSignIn({ email, onUseLink }: { email: string; onUseLink: (email: string) => void }) {
  const { t } = useTranslation('auth');
  const signIn = usePasswordSignIn();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm({ resolver: zodResolver(signInInputSchema), defaultValues: { email, password: '' } });
  const onSubmit = handleSubmit((values) => signIn.mutate(values));
  return (
    <div className="space-y-4">
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
        <p className="text-sm text-gray-600">{t('password.intro')}</p>
        {signIn.error && <Alert tone="danger">{signIn.error.message || t('errors.signInFailed')}</Alert>}
        <Field label={t('fields.email')} error={errors.email?.message}>
          {({ invalid, ...control }) => (
            <Input {...control} {...register('email')} invalid={invalid} type="email" autoComplete="email" />
          )}
        </Field>
        <Field label={t('fields.password')} error={errors.password?.message}>
          {({ invalid, ...control }) => (
            <PasswordInput {...control} {...register('password')} invalid={invalid} autoComplete="current-password" />
          )}
        </Field>
        <Button type="submit" className="w-full" isLoading={signIn.isPending}>
          {!signIn.isPending && <KeyRound aria-hidden className="size-4" />}
          {signIn.isPending ? t('actions.signingIn') : t('actions.signIn')}
        </Button>
      </form>
      <SwitchButton onClick={() => onUseLink(getValues('email'))}>{t('password.useLink')}</SwitchButton>
    </div>
  );
}
