// The few routing pieces the pages before sign-in use (links, redirects, the address) over a
// context. The light public shell provides it from the browser's history, the full app's router
// through ReactRouterNavigation; so the sign-in page runs without react-router (~24 kB) and the
// same screens still work inside the full app (after a sign-out) and in tests' memory routers.
import { createContext, useContext, useEffect, type AnchorHTMLAttributes, type MouseEvent, type ReactElement, type Ref } from 'react';

export interface PublicLocation {
  pathname: string;
  search: string;
  hash: string;
  /** What the page that sent the visitor here passed along (react-router's location.state). */
  state: unknown;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface PublicNavigation {
  location: PublicLocation;
  /** `to` is an absolute path, with a search and a hash if needed. */
  navigate: (to: string, options?: NavigateOptions) => void;
}

const PublicNavigationContext = createContext<PublicNavigation | null>(null);

export const PublicNavigationProvider = PublicNavigationContext.Provider;

function usePublicNavigation(): PublicNavigation {
  const navigation = useContext(PublicNavigationContext);
  if (!navigation) throw new Error('A public page rendered outside PublicNavigationProvider.');
  return navigation;
}

export function usePublicLocation(): PublicLocation {
  return usePublicNavigation().location;
}

type PublicLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

// A plain click follows the link in the page; a modified or middle click, or another target,
// is the browser's (a new tab), as with react-router's Link.
const followsInPage = (event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean =>
  !event.defaultPrevented && event.button === 0 && (!target || target === '_self') && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);

/** A link to another address (react-router's Link for the public pages): `<Anchor component={PublicLink} to="/login">`. */
export function PublicLink({ to, replace, onClick, target, ref, children, ...anchorProps }: PublicLinkProps): ReactElement {
  const { navigate } = usePublicNavigation();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>): void => {
    onClick?.(event);
    if (!followsInPage(event, target)) return;
    event.preventDefault();
    navigate(to, { replace });
  };
  return (
    <a {...anchorProps} ref={ref} href={to} target={target} onClick={handleClick}>
      {children}
    </a>
  );
}

/** Goes to `to` once rendered (react-router's Navigate for the public pages). */
export function PublicNavigate({ to, replace, state }: { to: string; replace?: boolean; state?: unknown }): null {
  const { navigate } = usePublicNavigation();
  // As react-router's Navigate: once rendered, and again only when where or how changes.
  useEffect(() => {
    navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}

/**
 * The path segments after `base` (`[]` for `/login` and `/login/`), or null when `pathname` is not
 * under it; `base` matches in any case, as the router's paths do.
 */
export function segmentsUnder(base: string, pathname: string): string[] | null {
  const lower = pathname.toLowerCase();
  if (lower !== base && !lower.startsWith(`${base}/`)) return null;
  return pathname.slice(base.length).split('/').filter(Boolean);
}
