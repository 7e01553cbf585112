// Promise-based confirmation for imperative flows (`if (await confirm(...)) dispatch(...)`).
// The hook owns its dialog element, so no app-wide provider has to be mounted for it.
import { useCallback, useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

export interface ConfirmOptions {
  title: ReactNode;
  body?: ReactNode;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  danger?: boolean;
}

export interface UseConfirmResult {
  /** Opens the dialog; resolves true on confirm, false on cancel, Escape or unmount. */
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  /** Render this once in the calling component. */
  dialog: ReactElement;
}

export function useConfirm(): UseConfirmResult {
  // Options outlive `opened` so the text does not vanish while the close animation runs.
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const [opened, setOpened] = useState(false);
  const resolveRef = useRef<((answer: boolean) => void) | null>(null);

  const settle = useCallback((answer: boolean): void => {
    const resolve = resolveRef.current;
    resolveRef.current = null;
    setOpened(false);
    resolve?.(answer);
  }, []);

  const confirm = useCallback(
    (next: ConfirmOptions): Promise<boolean> =>
      new Promise<boolean>((resolve) => {
        // A second question replaces the first; the first counts as declined, never left hanging.
        resolveRef.current?.(false);
        resolveRef.current = resolve;
        setOptions(next);
        setOpened(true);
      }),
    [],
  );

  // An awaiting saga-like flow must not wait forever when its component goes away.
  useEffect(
    () => () => {
      resolveRef.current?.(false);
      resolveRef.current = null;
    },
    [],
  );

  const dialog = (
    <ConfirmDialog
      opened={opened}
      title={options?.title ?? ''}
      body={options?.body}
      confirmLabel={options?.confirmLabel}
      cancelLabel={options?.cancelLabel}
      danger={options?.danger}
      onConfirm={() => settle(true)}
      onCancel={() => settle(false)}
    />
  );
  return { confirm, dialog };
}
