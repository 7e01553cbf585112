// WCAG 2.4.2: every page names itself in the browser tab and to screen readers, in the interface
// language: "Patients · Registry". Called by every page with the message of its heading; a language
// switch re-titles the page with everything else.
import { useEffect } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { titleMessages } from './titleMessages';

type TitleValues = Record<string, string | number>;

/** `null`: the component is not the page this time (a panel shown inside another page), the page titles itself. */
export function useDocumentTitle(title: MessageDescriptor | string | null, values?: TitleValues): void {
  const intl = useIntl();
  const page = title === null ? null : typeof title === 'string' ? title : intl.formatMessage(title, values);
  const full = page === null ? null : intl.formatMessage(titleMessages.documentTitle, { page });
  useEffect(() => {
    if (full !== null) document.title = full;
  }, [full]);
}
