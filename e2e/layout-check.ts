/// <reference lib="dom" />
/**
 * What a newcomer trips over on a screen, found in the rendered page (every-screen.spec.ts, every-console-screen.spec.ts
 * walk every route in every catalogue with it):
 * - a horizontal scrollbar on the page;
 * - text that spills out of its box, or is cut off without an ellipsis and a title that gives the whole text;
 * - a raw catalogue key or error key where a text should be;
 * - an error state on a screen that should load;
 * - a control (button, link, field, tab) narrower than 44 px, and on a phone also lower than 44 px: the smallest
 *   target a thumb hits surely (an inline link inside a sentence is part of its text, not a control of its own).
 */
import { ERROR_KEYS } from '@fairdraw/contract';
import type { Page } from 'playwright-core';
import { readRepoJson } from './site-api.ts';

/** The smallest width and height of a control, in CSS pixels. */
export const MIN_TARGET = 44;

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every key of the web catalogue (plural forms as the key a missing text would show) and every error key. */
export function catalogueKeys(): string[] {
  const keys = new Set<string>(ERROR_KEYS);
  const walk = (node: unknown, prefix: string) => {
    if (node && typeof node === 'object')
      for (const [k, v] of Object.entries(node)) walk(v, prefix ? `${prefix}.${k}` : k);
    else if (prefix.includes('.')) keys.add(prefix.replace(PLURAL, ''));
  };
  walk(readRepoJson('apps/web/src/locales/en.json'), '');
  return [...keys];
}

/**
 * The problems on the page as it is now, one line each (empty: none). `keys`: catalogueKeys(); `touch`: a phone, where
 * a control must be 44 px high as well as wide (at a desk, with a mouse, wide enough is enough).
 */
export function layoutProblems(page: Page, keys: readonly string[], { touch }: { touch: boolean }): Promise<string[]> {
  return page.evaluate(
    ({ keys, min, touch }) => {
      const problems: string[] = [];
      const root = document.getElementById('root') ?? document.body;
      const name = (el: Element) => {
        const text = (el as HTMLElement).innerText?.replace(/\s+/g, ' ').trim().slice(0, 40) ?? '';
        const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/)[0]}` : '';
        const id = el.getAttribute('data-testid');
        return `<${el.tagName.toLowerCase()}${cls}${id ? ` ${id}` : ''}> "${text}"`;
      };
      const shown = (el: Element) => {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) return false;
        const cs = getComputedStyle(el);
        return cs.visibility !== 'hidden' && cs.opacity !== '0';
      };
      const directText = (el: Element) =>
        [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');

      const doc = document.documentElement;
      if (doc.scrollWidth > doc.clientWidth + 1)
        problems.push(`horizontal scroll: the page is ${doc.scrollWidth} px wide in ${doc.clientWidth}`);

      // Text boxes: the elements that hold text themselves.
      for (const el of root.querySelectorAll('*')) {
        if (!directText(el) || !shown(el) || el.closest('svg, [aria-hidden="true"]')) continue;
        const cs = getComputedStyle(el);
        if (cs.display === 'inline' || cs.display === 'contents') continue;
        const wide = el.scrollWidth > el.clientWidth + 1;
        const tall = el.scrollHeight > el.clientHeight + 1;
        if (!wide && !tall) continue;
        const clipsX = cs.overflowX === 'hidden' || cs.overflowX === 'clip';
        const clipsY = cs.overflowY === 'hidden' || cs.overflowY === 'clip';
        const scrolls = /auto|scroll/.test(cs.overflowX + cs.overflowY);
        if (scrolls) continue;
        const titled = el.closest('[title]') !== null || el.closest('[aria-label]') !== null;
        if (wide && !clipsX) problems.push(`text spills out of its box: ${name(el)}`);
        else if (wide && clipsX && !(cs.textOverflow === 'ellipsis' && titled))
          problems.push(
            `text cut off${cs.textOverflow === 'ellipsis' ? ' (an ellipsis without a title)' : ''}: ${name(el)}`,
          );
        else if (tall && clipsY && !(cs.webkitLineClamp !== 'none' && cs.webkitLineClamp !== '' && titled))
          problems.push(`text cut off below: ${name(el)}`);
      }

      // Controls big enough to hit.
      const controls = root.querySelectorAll(
        'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], summary',
      );
      for (const el of controls) {
        if (!shown(el) || el.closest('[aria-hidden="true"]')) continue;
        const cs = getComputedStyle(el);
        // An inline link within a sentence is part of the sentence's text.
        if (el.tagName === 'A' && cs.display === 'inline' && el.parentElement && directText(el.parentElement)) continue;
        // A checkbox, a radio or a file field is hit through its label: the label is the control.
        const target =
          el instanceof HTMLInputElement && ['checkbox', 'radio', 'file'].includes(el.type)
            ? (el.labels?.[0] ?? el)
            : el;
        const r = target.getBoundingClientRect();
        if (r.width < min - 0.5 || (touch && r.height < min - 0.5))
          problems.push(`control ${Math.round(r.width)}×${Math.round(r.height)} px: ${name(target)}`);
      }

      for (const el of root.querySelectorAll('[data-testid="error-state"]'))
        if (shown(el)) problems.push(`error state: ${name(el)}`);

      // Raw keys: whole words of the page's text that are a catalogue key or an error key.
      const words = new Set(root.innerText.split(/[\s,;:!?()[\]{}"'«»“”‘’]+/).map((w) => w.replace(/\.$/, '')));
      for (const key of keys) if (words.has(key)) problems.push(`raw key on screen: ${key}`);

      return problems;
    },
    { keys, min: MIN_TARGET, touch },
  );
}
