import { useEffect, useState } from 'react';
import { useT } from '../../i18n';
import { TextField, type FieldProps } from './fields';
import { useSubmit } from '../../lib/use-submit';

// The code-step controls, apart from fields.tsx: the login page loads them only when the server
// asks for a code (a new device), not with the page.

/** The 6-digit code: one input, so pasting the whole code (even "123 456") works and SMS autofill fills it. */
export function CodeField({
  value,
  onValueChange,
  ...props
}: Omit<FieldProps, 'value' | 'onChange'> & { value: string; onValueChange: (code: string) => void }) {
  return (
    <TextField
      {...props}
      value={value}
      onChange={(event) => onValueChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      className="gh-code"
    />
  );
}

/**
 * "Send again" with the server's cooldown: disabled and counting down until `seconds` have passed.
 * `onResend` answers the next cooldown (or nothing to keep the old one).
 */
export function ResendButton({
  seconds,
  onResend,
}: {
  seconds: number;
  onResend: () => Promise<number | undefined>;
}) {
  const t = useT('inverse');
  // Starts from the cooldown the step began with; each resend answers the next one.
  const [left, setLeft] = useState(seconds);
  const { submit: resend, busy } = useSubmit(async () => {
    const next = await onResend().catch(() => undefined);
    if (next !== undefined) setLeft(next);
  });
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const waiting = left > 0;
  return (
    <button type="button" className="gh-link-button" disabled={waiting || busy} onClick={() => void resend()}>
      {waiting ? t('auth.code.resendIn', { seconds: left }) : t('auth.code.resend')}
    </button>
  );
}
