import type { ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { useTranslation } from 'react-i18next';
import './markdown-text.css';

/** A link in an answer: to another site, in a new tab, without handing it this page. */
function AnswerLink({ href, children }: { href?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="text-link">
      {children}
      <span className="visually-hidden"> {t('common.opensInNewTab')}</span>
    </a>
  );
}

// An answer's headings sit under the conversation's own: they start one level below it.
const components: Components = {
  h1: 'h3',
  h2: 'h4',
  h3: 'h5',
  h4: 'h6',
  a: ({ href, children }) => <AnswerLink href={href}>{children}</AnswerLink>,
};

/**
 * The designer's answer, rendered from markdown safely: raw HTML in it stays text (no rehype-raw), link
 * addresses go through react-markdown's URL filter (no javascript:), and images are left out (an answer
 * must not make the browser fetch from elsewhere).
 */
export function MarkdownText({ text }: { text: string }) {
  return (
    <div className="markdown">
      <Markdown components={components} disallowedElements={['img']}>
        {text}
      </Markdown>
    </div>
  );
}
