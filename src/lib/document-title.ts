/**
 * The page title per route, in the interface language (issue 15 item 21): "Studio · Tarjama", "الأسعار · ترجمة".
 * Set by each page; a language switch sets it again (the title is re-translated with the page).
 */
import { useEffect } from 'react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { MessageDescriptor } from '@lingui/core';

const APP_NAME = msg`Tarjama`;

/** Sets document.title to "<page> · <app name>" while the page is shown (the app name alone without a page). */
export function useDocumentTitle(page: MessageDescriptor | null): void {
  const { i18n } = useLingui();
  const text = page ? `${i18n._(page)} · ${i18n._(APP_NAME)}` : i18n._(APP_NAME);
  useEffect(() => {
    document.title = text;
  }, [text]);
}
