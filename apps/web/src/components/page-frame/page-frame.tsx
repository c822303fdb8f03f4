import clsx from 'clsx';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../hooks/use-document-title';
import './page-frame.css';

interface PageFrameProps {
  heading: string;
  /** A short line under the heading. */
  text?: string;
  /** document.title; defaults to the heading. */
  title?: string;
  children?: ReactNode;
  className?: string;
}

/** A titled card: the frame of a screen (heading, a short line, and whatever the screen adds). */
export function PageFrame({ heading, text, title, children, className }: PageFrameProps) {
  useDocumentTitle(title ?? heading);
  return (
    <section className={clsx('page-frame card', className)} aria-labelledby="page-frame-heading">
      <h1
        id="page-frame-heading"
        className={clsx('page-frame__heading', !text && 'page-frame__heading--alone')}
      >
        {heading}
      </h1>
      {text && <p className="page-frame__text">{text}</p>}
      {children}
    </section>
  );
}
