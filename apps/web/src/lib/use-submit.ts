import { useEffect, useRef, useState } from 'react';

export interface Submit<A extends unknown[], R> {
  /**
   * Runs the action and resolves to what it returned. A call while one is still running is ignored
   * (a double click, Enter twice) and resolves to undefined. What the action throws reaches the
   * caller, as it did before; most actions catch and explain their own failures.
   */
  submit: (...args: A) => Promise<R | undefined>;
  /** True while the action runs: disable the button. */
  busy: boolean;
}

/**
 * The one submit scaffold of the web app: busy while the action runs, double submits ignored, busy
 * reset however the action ends, and no state set after the component is gone (the action may
 * navigate away). Pass the action inline: `submit` always runs the latest one. (No `error` state:
 * every form words its own failures, in its own place, and the login page counts its bytes.)
 */
export function useSubmit<A extends unknown[], R = void>(action: (...args: A) => Promise<R>): Submit<A, R> {
  const [busy, setBusy] = useState(false);
  // Refs, not state: two clicks in one frame both see busy === false.
  const running = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const submit = async (...args: A) => {
    if (running.current) return undefined;
    running.current = true;
    setBusy(true);
    try {
      return await action(...args);
    } finally {
      running.current = false;
      if (mounted.current) setBusy(false);
    }
  };
  return { submit, busy };
}
