/** Texts the panel shows; the caller localises them. */
export interface PanelTexts {
  title: string;
  close: string;
}

export interface CaptchaPanel {
  /** Where the widget goes. */
  body: HTMLElement;
  destroy(): void;
}

let panelCount = 0;

/**
 * Where a captcha widget is shown: the page's inline slot, or a small non-modal dialog at the
 * bottom of the window with a title and a close button (Escape closes it too). Styles go through
 * the CSSOM, which the page's Content-Security-Policy allows.
 */
export function openCaptchaPanel(
  texts: PanelTexts,
  onClose: () => void,
  container?: HTMLElement,
): CaptchaPanel {
  const body = document.createElement('div');
  body.className = 'gh-captcha-body';
  if (container) {
    container.append(body);
    return { body, destroy: () => body.remove() };
  }
  const id = `gh-captcha-title-${(panelCount += 1)}`;
  const panel = document.createElement('div');
  panel.className = 'gh-captcha-panel';
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-modal', 'false');
  panel.setAttribute('aria-labelledby', id);
  Object.assign(panel.style, {
    position: 'fixed',
    left: '50%',
    bottom: '24px',
    transform: 'translateX(-50%)',
    zIndex: '1002',
    padding: '16px',
    borderRadius: '12px',
    background: 'var(--gh-surface, #fff)',
    color: 'var(--gh-text, #121214)',
    boxShadow: '0 8px 32px rgba(0, 0, 0, 0.2)',
    maxWidth: 'calc(100vw - 32px)',
  });
  const header = document.createElement('div');
  Object.assign(header.style, {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    gap: '16px',
    marginBottom: '8px',
  });
  const title = document.createElement('h2');
  title.id = id;
  title.textContent = texts.title;
  Object.assign(title.style, { fontSize: '16px', margin: '0' });
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'gh-captcha-close';
  close.setAttribute('aria-label', texts.close);
  close.textContent = '×';
  close.addEventListener('click', onClose);
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
  };
  panel.addEventListener('keydown', onKey);
  header.append(title, close);
  panel.append(header, body);
  document.body.append(panel);
  return { body, destroy: () => panel.remove() };
}
