import { useEffect, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useT } from '../../i18n';
import './auth.css';

/** Shared form parts of the login, sign-up and reset pages: native controls, labelled, errors tied by id. */

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

export interface FieldProps extends InputProps {
  id: string;
  label: string;
  /** Shown under the field, announced with it (aria-describedby). */
  hint?: string | undefined;
  error?: string | undefined;
  /** Something beside the input inside the same row (the show/hide button). */
  addon?: ReactNode;
}

export function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export function TextField({ id, label, hint, error, addon, ...input }: FieldProps) {
  return (
    <div className="gh-field">
      <label htmlFor={id}>{label}</label>
      <div className="gh-field-row">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          {...input}
        />
        {addon}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="gh-hint">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}

export function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="gh-error">
      {error}
    </p>
  );
}

/** A password input with a labelled show/hide toggle; `autoComplete` tells managers current or new. */
export function PasswordField(props: Omit<FieldProps, 'type' | 'addon'>) {
  const t = useT('inverse');
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="off"
      spellCheck={false}
      addon={
        <button
          type="button"
          className="gh-toggle"
          aria-controls={props.id}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {t(visible ? 'auth.password.hide' : 'auth.password.show')}
        </button>
      }
    />
  );
}

/** A form-level message (wrong password, lockout…), announced when it appears. */
export function FormAlert({ id, children }: { id: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="gh-alert">
      {children}
    </p>
  );
}

/**
 * The heading of a step. On a step change (`focus`), focus moves here so a screen reader announces
 * the new step and the keyboard continues from the top of it.
 */
export function StepHeading({ children, focus }: { children: ReactNode; focus: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <h2 ref={ref} tabIndex={-1} className="gh-step-title">
      {children}
    </h2>
  );
}
