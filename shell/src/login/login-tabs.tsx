import { LOGIN_TEXT } from '@app/shared/spec';
import { HOVER_MEDIA } from '@app/shared/ui/hover';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { KeyboardEvent } from 'react';
import { TOUCH_TARGET_PX } from '../touch';

type TabStep = 'signIn' | 'signUp';

const TABS: readonly { step: TabStep; label: string }[] = [
  { step: 'signIn', label: LOGIN_TEXT.signInTab },
  { step: 'signUp', label: LOGIN_TEXT.signUpTab },
];

const useStyles = makeStyles({
  list: { display: 'flex', columnGap: tokens.spacingHorizontalS },
  tab: {
    minHeight: `${TOUCH_TARGET_PX}px`,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: 'none',
    borderBottom: `${tokens.strokeWidthThicker} solid transparent`,
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForeground2,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    cursor: 'pointer',
    [HOVER_MEDIA]: { ':hover': { color: tokens.colorNeutralForeground1 } },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  selected: {
    color: tokens.colorNeutralForeground1,
    fontWeight: tokens.fontWeightSemibold,
    borderBottomColor: tokens.colorCompoundBrandStroke,
  },
});

interface LoginTabsProps {
  selected: TabStep;
  onSelect: (step: TabStep) => void;
}

/**
 * The Sign In / Sign Up tabs, with the ARIA tab pattern (one tab stop, arrow keys). Not Fluent's
 * TabList: its code (with tabster) would come with the shell's first paint.
 */
export function LoginTabs({ selected, onSelect }: LoginTabsProps) {
  const styles = useStyles();

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const other = TABS.find((tab) => tab.step !== selected);
    if (!other) return;
    // The new step's form then takes the focus, like every step does.
    onSelect(other.step);
  };

  return (
    <div role="tablist" className={styles.list} onKeyDown={onKeyDown}>
      {TABS.map(({ step, label }) => (
        <button
          key={step}
          type="button"
          role="tab"
          aria-selected={step === selected}
          tabIndex={step === selected ? 0 : -1}
          className={mergeClasses(styles.tab, step === selected && styles.selected)}
          onClick={() => step !== selected && onSelect(step)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
