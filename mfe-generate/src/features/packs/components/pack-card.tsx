import type { Pack, PackCover } from '@app/shared/packs';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import {
  AirplaneRegular,
  BriefcaseRegular,
  CityRegular,
  DarkThemeRegular,
  LeafOneRegular,
  LightbulbRegular,
  TreeDeciduousRegular,
  WandRegular,
  WeatherSunnyRegular,
} from '@fluentui/react-icons';
import type { ReactElement } from 'react';

const ICONS: Record<PackCover['icon'], ReactElement> = {
  lightbulb: <LightbulbRegular />,
  tree: <TreeDeciduousRegular />,
  sun: <WeatherSunnyRegular />,
  contrast: <DarkThemeRegular />,
  briefcase: <BriefcaseRegular />,
  city: <CityRegular />,
  airplane: <AirplaneRegular />,
  wand: <WandRegular />,
  leaf: <LeafOneRegular />,
};

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    width: '100%',
    height: '100%',
    padding: 0,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    textAlign: 'start',
    // A button does not inherit the page's font by default.
    fontFamily: 'inherit',
    cursor: 'pointer',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  // While a generation runs or no model is chosen, like the Generate button.
  disabled: { cursor: 'default', opacity: 0.5 },
  cover: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    height: '64px',
    flexShrink: 0,
    color: '#fff',
    fontSize: '32px',
  },
  text: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: '2px',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
  },
  title: { fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  description: {
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    color: tokens.colorNeutralForeground2,
  },
});

/** A pack as a card: its drawn cover, title and one line; a tap opens its prompts. */
export function PackCard({
  pack,
  disabled,
  onOpen,
}: {
  pack: Pack;
  disabled: boolean;
  onOpen: () => void;
}) {
  const styles = useStyles();
  const { from, to, icon } = pack.cover;
  return (
    // aria-disabled, not disabled: the cards stay focusable, so the row that scrolls them on a
    // phone can still be reached and scrolled by keyboard.
    <button
      type="button"
      className={mergeClasses(styles.card, disabled && styles.disabled)}
      aria-disabled={disabled}
      onClick={disabled ? undefined : onOpen}
      data-testid="pack-card"
    >
      <span
        className={styles.cover}
        style={{ backgroundImage: `linear-gradient(135deg, ${from}, ${to})` }}
        aria-hidden
      >
        {ICONS[icon]}
      </span>
      <span className={styles.text}>
        <span className={styles.title}>{pack.title}</span>
        <span className={styles.description}>{pack.description}</span>
      </span>
    </button>
  );
}
