import { TextField, type FieldProps } from '../../components/auth/fields';

/**
 * A 6-digit code input, as the shared `CodeField` is (one input, paste welcome, `one-time-code`
 * autofill), written on `TextField` here: importing `code-fields.tsx` from the account page would
 * split it out of the login's code-step chunk and lengthen the dependency list the login page carries
 * (npm run bench:web, ADR 0009).
 */
export function DigitsField({
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
