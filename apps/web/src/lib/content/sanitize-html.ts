/**
 * The second sanitiser for HTML from the server (content documents, service details, survey
 * questions and the outro). The server already cleans it with an allow-list when it is stored;
 * this pass runs in the browser before anything is rendered, so a fault on one side is not enough
 * to run script in a claimant's session.
 *
 * - DOMPurify with its HTML profile: no script, no event-handler attributes, no javascript: or
 *   data: URLs (only http(s), mailto:, tel:, root-relative paths, ?query and #fragment).
 * - No style elements or attributes (the CSP's style-src 'self' refuses them anyway), no forms,
 *   frames, embedded objects, SVG or MathML, no data-* attributes.
 * - Links: an absolute http(s) link to another origin is marked external (it opens in a new tab
 *   after the leave-site confirmation, components/safe-html.tsx) and says so to screen readers;
 *   any other target attribute is dropped.
 * - An h1 in the content becomes an h2 (the page has its one h1); an image without alt text gets
 *   alt="" (decorative) rather than being read out as a file name.
 */
import DOMPurify from 'dompurify';

export const EXTERNAL_LINK_ATTR = 'data-external';
const EXTERNAL_LINK_TEXT = ' (opens another website in a new tab)';

const ALLOWED_URI = /^(?:(?:https?|mailto|tel):|\/(?!\/)|[?#])/i;

const FORBID_TAGS = [
  'style',
  'script',
  'noscript',
  'template',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'option',
  'link',
  'meta',
  'base',
  'svg',
  'math',
];

let purifier: ReturnType<typeof DOMPurify> | undefined;

function instance(): ReturnType<typeof DOMPurify> {
  // Our own instance: hooks and settings never leak into another user of DOMPurify.
  purifier ??= DOMPurify(window);
  return purifier;
}

/** True for an absolute http(s) address on another origin than `origin`. */
function isExternalHref(href: string, origin: string): boolean {
  if (!/^https?:\/\//i.test(href)) return false;
  try {
    return new URL(href).origin !== origin;
  } catch {
    return false;
  }
}

export function sanitizeHtml(html: string, origin: string = window.location.origin): string {
  const fragment = instance().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS,
    FORBID_ATTR: ['style', 'target', 'srcset', 'formaction', 'action'],
    ALLOW_DATA_ATTR: false,
    ALLOWED_URI_REGEXP: ALLOWED_URI,
    RETURN_DOM_FRAGMENT: true,
  });
  const doc = fragment.ownerDocument;

  for (const h1 of Array.from(fragment.querySelectorAll('h1'))) {
    const h2 = doc.createElement('h2');
    for (const attr of Array.from(h1.attributes)) h2.setAttribute(attr.name, attr.value);
    while (h1.firstChild) h2.appendChild(h1.firstChild);
    h1.replaceWith(h2);
  }

  for (const img of Array.from(fragment.querySelectorAll('img'))) {
    if (!img.hasAttribute('alt')) img.setAttribute('alt', '');
  }

  for (const link of Array.from(fragment.querySelectorAll('a'))) {
    const href = link.getAttribute('href') ?? '';
    if (isExternalHref(href, origin)) {
      link.setAttribute('target', '_blank');
      link.setAttribute('rel', 'noopener noreferrer');
      link.setAttribute(EXTERNAL_LINK_ATTR, 'true');
      const note = doc.createElement('span');
      note.className = 'visually-hidden';
      note.textContent = EXTERNAL_LINK_TEXT;
      link.appendChild(note);
    }
  }

  // Serialised inside the sanitiser's own (inert) document: nothing loads or runs here.
  const holder = doc.createElement('div');
  holder.appendChild(fragment);
  return holder.innerHTML;
}
