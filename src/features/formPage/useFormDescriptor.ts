// The page's descriptor document loaded into the engine's model. The same form and version in
// another language (a language switch) is declared a relabelling, so the open form keeps what the
// user typed and only its texts change.
import { useMemo, useRef } from 'react';
import { loadDescriptor, type FormDescriptor } from '../../domain/forms';
import { markRelabelled } from '../../formEngine';

export function useFormDescriptor(document: unknown): FormDescriptor | null {
  const previous = useRef<FormDescriptor | null>(null);
  return useMemo(() => {
    if (!document) return null;
    const result = loadDescriptor(document);
    if (!result.ok) return null;
    const descriptor = result.descriptor;
    const before = previous.current;
    if (before && before.formTypeId === descriptor.formTypeId && before.version === descriptor.version && before.locale !== descriptor.locale) {
      markRelabelled(descriptor, before);
    }
    previous.current = descriptor;
    return descriptor;
  }, [document]);
}
