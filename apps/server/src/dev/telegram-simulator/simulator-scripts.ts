/**
 * Scripts of the stand-ins, served as files (the CSP allows no inline script).
 *
 * telegram-widget.js mirrors the programmatic API of Telegram's widget script:
 * `Telegram.Login.auth({bot_id, request_access}, callback)` opens the login popup and calls
 * `callback(user)` with the signed user object, or `callback(false)` when the popup is closed.
 * Like Telegram's popup, ours answers with `postMessage(JSON.stringify({event: 'auth_result',
 * result}))`; we accept it only from our own origin.
 */
export const WIDGET_SCRIPT = `(function () {
  'use strict';
  var tg = (window.Telegram = window.Telegram || {});
  tg.Login = tg.Login || {};
  tg.Login.auth = function (options, callback) {
    var url = '/dev/telegram/widget?bot_id=' + encodeURIComponent(String((options && options.bot_id) || ''));
    var popup = window.open(url, 'telegram_oauth', 'width=550,height=640');
    var done = false;
    function finish(result) {
      if (done) return;
      done = true;
      window.removeEventListener('message', onMessage);
      clearInterval(timer);
      callback(result);
    }
    function onMessage(event) {
      if (event.origin !== window.location.origin || event.source !== popup) return;
      var data;
      try { data = typeof event.data === 'string' ? JSON.parse(event.data) : event.data; } catch (e) { return; }
      if (data && data.event === 'auth_result') finish(data.result || false);
    }
    window.addEventListener('message', onMessage);
    var timer = setInterval(function () { if (!popup || popup.closed) finish(false); }, 300);
  };
})();
`;

/** The popup page: fetch the signed data for the chosen user and post it to the opener. */
export const WIDGET_POPUP_SCRIPT = `(function () {
  'use strict';
  var form = document.getElementById('tg-widget-form');
  var cancel = document.getElementById('tg-widget-cancel');
  function reply(result) {
    if (window.opener) {
      window.opener.postMessage(JSON.stringify({ event: 'auth_result', result: result }), window.location.origin);
    }
    window.close();
  }
  if (cancel) cancel.addEventListener('click', function () { reply(false); });
  if (!form) return;
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var query = new URLSearchParams(new FormData(form)).toString();
    fetch('/dev/telegram/widget.json?' + query, { credentials: 'same-origin' })
      .then(function (res) { return res.json(); })
      .then(function (body) { reply(body.user); })
      .catch(function () { reply(false); });
  });
})();
`;
