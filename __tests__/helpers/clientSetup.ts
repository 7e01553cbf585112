import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy*/waitFor wait up to 5 s instead of 1 s: CI runs the client suite beside the server suites
// on two cores, where a lazy chunk or a saga round trip can take longer than a second.
configure({ asyncUtilTimeout: 5000 });

// Mantine reads these browser APIs that jsdom does not implement.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
(globalThis as unknown as { ResizeObserver: unknown }).ResizeObserver ??= ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView ??= function scrollIntoView(): void {};

// Component tests type into whole forms with user-event, one task per key; on a busy 2-core CI
// machine that can exceed jest's 5-second default without anything being wrong.
jest.setTimeout(20_000);
