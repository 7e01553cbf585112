// The pages before sign-in (/login, /registration) without the full app: no router library and no
// route table, only the public layout and the area's chunk (docs/decisions.md, "Light public
// shell"). Going anywhere else (the dashboard after sign-in) hands over to the full app, whose
// router then reads the address this shell wrote.
import { createElement, startTransition, Suspense, use, useCallback, useEffect, useMemo, useState, type ReactElement } from 'react';
import { PublicLayout } from '../../common/layout/PublicLayout';
import { FullPageSpinner } from '../../common/pages/FullPageSpinner';
import { PublicNavigationProvider, type NavigateOptions, type PublicNavigation } from '../../common/routing/publicNavigation';
import { useAppStore } from '../hooks';
import { currentLocation, writeHistory } from './browserHistory';
import { loadPublicArea, publicAreaOf, type PublicArea } from './publicAreas';

function AreaPage({ area }: { area: PublicArea }): ReactElement {
  const store = useAppStore();
  // The area's component as its chunk exports it (the same one for every render of an area).
  return createElement(use(loadPublicArea(store, area)));
}

/** `onLeave()`: the address is no public page any more; the full app takes over from here. */
export function PublicShell({ onLeave }: { onLeave: () => void }): ReactElement {
  const [location, setLocation] = useState(currentLocation);
  // The address bar changed (written here, or Back and Forward): show its page, or hand over. The
  // current page stays until the next one's chunk is in (a transition), as under the router.
  const follow = useCallback((): void => {
    const next = currentLocation();
    if (publicAreaOf(next.pathname)) startTransition(() => setLocation(next));
    else onLeave();
  }, [onLeave]);
  useEffect(() => {
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, [follow]);
  const navigate = useCallback(
    (to: string, options?: NavigateOptions): void => {
      writeHistory(to, options);
      follow();
    },
    [follow],
  );
  const navigation = useMemo<PublicNavigation>(() => ({ location, navigate }), [location, navigate]);
  const area = publicAreaOf(location.pathname);
  // The shell starts on a public address only (App chooses it by the address).
  if (!area) return <FullPageSpinner />;
  return (
    <PublicNavigationProvider value={navigation}>
      {/* Layout and page appear together, as under the router, which waited for the page's chunk. */}
      <Suspense fallback={<FullPageSpinner />}>
        <PublicLayout>
          <AreaPage area={area} />
        </PublicLayout>
      </Suspense>
    </PublicNavigationProvider>
  );
}
