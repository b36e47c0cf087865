/**
 * The phone-first bar (docs/ui-quality in the brief, WCAG 2.5.5, Apple's HIG): controls a thumb
 * can hit, and inputs whose text is large enough that iOS does not zoom the page on focus.
 */
export const TOUCH_TARGET_PX = 44;
const INPUT_TEXT_PX = 16;

const target = `${TOUCH_TARGET_PX}px`;

/**
 * Nested rules for a container whose Fluent controls must meet the bar: one place for every
 * step of the sign-in card, including steps added later. Two classes deep, so they win over
 * Fluent's own single-class defaults.
 */
export const TOUCH_SIZED_CONTROLS = {
  '& .fui-Button': { minHeight: target, minWidth: target },
  '& .fui-Input__input, & .fui-Select__select': {
    minHeight: target,
    fontSize: `${INPUT_TEXT_PX}px`,
  },
  '& .fui-Checkbox, & .fui-Radio': { minHeight: target, alignItems: 'center' },
} as const;
