import { Input, type InputProps } from './input';

/**
 * The field for a 6-digit one-time code from an authenticator app: a numeric keypad on
 * phones, and the browser's or password manager's code autofill.
 */
export function CodeInput(props: InputProps) {
  return <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder="123456" {...props} />;
}
