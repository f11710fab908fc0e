/**
 * The Telegram Login Widget, programmatic mode: Telegram's script (or the local stand-in,
 * `/dev/telegram/telegram-widget.js`) defines `Telegram.Login.auth({bot_id, request_access}, cb)`,
 * which opens Telegram's login popup and calls `cb(user)` with the signed user object, or `cb(false)`.
 * The script is loaded on the first click only: most visits never bind, and it is a third-party script.
 */

/** The signed user object the widget hands back (flat: id, names, username, photo_url, auth_date, hash). */
export type WidgetUser = Record<string, string | number>;

interface TelegramLogin {
  auth: (
    options: { bot_id: string; request_access?: 'write'; lang?: string },
    callback: (user: WidgetUser | false) => void,
  ) => void;
}

declare global {
  interface Window {
    Telegram?: { Login?: TelegramLogin };
  }
}

const loads = new Map<string, Promise<TelegramLogin>>();

function loadScript(src: string): Promise<TelegramLogin> {
  const known = loads.get(src);
  if (known) return known;
  const loading = new Promise<TelegramLogin>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => {
      const login = window.Telegram?.Login;
      if (login && typeof login.auth === 'function') resolve(login);
      else reject(new Error('the Telegram widget script defined no Telegram.Login.auth'));
    };
    script.onerror = () => reject(new Error(`could not load ${src}`));
    document.head.append(script);
  });
  // A failed load may be retried on the next click.
  loading.catch(() => loads.delete(src));
  loads.set(src, loading);
  return loading;
}

/**
 * Opens the Telegram login popup and resolves with the user's signed data, or null when the user
 * closed it. Call it from a click: browsers only allow popups opened by a user gesture, so the script
 * must load fast (it is small) and `auth` runs as soon as it is there.
 */
export async function telegramWidgetLogin(
  scriptUrl: string,
  botId: string,
  lang?: string,
): Promise<WidgetUser | null> {
  const login = await loadScript(scriptUrl);
  return new Promise((resolve) => {
    login.auth({ bot_id: botId, request_access: 'write', ...(lang ? { lang } : {}) }, (user) =>
      resolve(user || null),
    );
  });
}
