import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { onLogoutElsewhere, setSessionExpiredHandler } from '../api/session-events';
import { useBootstrap } from '../lib/bootstrap-context';
import { forgetSession, loginPathAfterSessionEnd } from '../lib/session/end-session';

/**
 * The end of a session, installed once for the whole app (spec §4 "10006 triggers the session-expiry
 * handler"; issue 15): on a 10006 answer (the client has shown its throttled toast) or a logout in
 * another tab, forget the account's local state and go to the login page with `redirect_url` back
 * here. Loaded lazily by `app.tsx`, so the login page's load does not carry it.
 */
export default function SessionWatch() {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const { siteDefinition } = useBootstrap();
  // The handler outlives renders; it reads where the page is when the session ends.
  const here = useRef({ path, search, navigate, siteDefinition });
  useEffect(() => {
    here.current = { path, search, navigate, siteDefinition };
  });

  useEffect(() => {
    const end = () => {
      const page = here.current;
      void forgetSession();
      const target = loginPathAfterSessionEnd(page.siteDefinition, {
        path: page.path,
        search: page.search,
        origin: window.location.origin,
      });
      if (target) page.navigate(target, { replace: true });
    };
    setSessionExpiredHandler(end);
    const stop = onLogoutElsewhere(end);
    return () => {
      setSessionExpiredHandler(undefined);
      stop();
    };
  }, []);
  return null;
}
