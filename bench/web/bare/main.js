// The yardstick for the bundle budget: React and react-dom rendering one element, nothing else.
// Plain createElement, so the build needs no JSX plugin and measures React alone.
/* global document -- a browser page */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

const container = /** @type {HTMLElement} */ (document.getElementById('root'));
createRoot(container).render(createElement('h1', null, 'Hello'));
