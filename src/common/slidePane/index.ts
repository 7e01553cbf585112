export { SLIDE_PANE_ANIMATION_MS, SLIDE_PANE_WIDTH, SlidePane, type SlidePaneProps } from './SlidePane';
export { messages as slidePaneMessages } from './messages';
